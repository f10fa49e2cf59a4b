import TestSupport
import Testing
import WaterfallKit

@Suite("Keeping the user's place across width and column changes")
struct PlaceKeepingTests {
  static let seeds: [UInt64] = Array(1...150)

  @Test("after a width change the item that was at the top of the viewport is still in view", arguments: seeds)
  func topItemStaysInView(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let heights = (0..<Int.random(in: 1...400, using: &random)).map { _ in Int.random(in: 1...25, using: &random) }
    let source = RecordingSource(heights: heights)
    let view = source.makeView(
      width: Int.random(in: 20...200, using: &random), height: Int.random(in: 5...60, using: &random),
      columns: .adaptive(minimumWidth: 18, maximumCount: 8))
    view.scroll(toOffset: Int.random(in: 0...max(0, view.maximumOffset), using: &random))
    guard let anchor = view.placeAnchor() else { return }
    view.setViewportSize(
      GridSize(width: Int.random(in: 20...200, using: &random), height: Int.random(in: 5...60, using: &random)))
    #expect(view.layout.frame(of: anchor).intersects(view.viewportRect), "seed \(seed) anchor \(anchor)")
    #expect(Set(view.visibleCells.keys) == Set(Oracle.items(view.layout, intersecting: view.bufferedRect)))
  }

  @Test("a visible selection is the anchor, and survives relayout and append", arguments: seeds.prefix(50))
  func selectionIsKept(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let source = RecordingSource(heights: (0..<300).map { _ in Int.random(in: 2...20, using: &random) })
    let view = source.makeView(width: 120, height: 30, columns: .fixed(4))
    view.scroll(toOffset: Int.random(in: 0...view.maximumOffset, using: &random))
    let onScreen = view.indicesInViewport
    let chosen = onScreen[Int.random(in: 0..<onScreen.count, using: &random)]
    view.selectItem(at: chosen)
    view.columnPolicy = .fixed(Int.random(in: 1...7, using: &random))
    #expect(view.selectedIndex == chosen)
    #expect(view.layout.frame(of: chosen).intersects(view.viewportRect), "seed \(seed)")
    source.heights += [5, 6, 7]
    view.appendItems()
    #expect(view.selectedIndex == chosen)
    #expect(source.selected == [chosen])
  }

  @Test("the anchor keeps its distance from the viewport top when the layout allows it")
  func anchorKeepsItsRow() {
    let source = RecordingSource(heights: Array(repeating: 10, count: 100))
    let view = source.makeView(width: 100, height: 20, columns: .fixed(2))
    view.scroll(toOffset: 110)
    let anchor = view.placeAnchor()!
    let distance = view.layout.frame(of: anchor).y - view.contentOffset
    view.columnPolicy = .fixed(4)
    #expect(view.layout.frame(of: anchor).y - view.contentOffset == distance)
  }
}

@Suite("Keeping the user's place across runs of resizes")
struct PlaceRoundTripTests {
  static let seeds: [UInt64] = Array(1...150)

  static func randomView(_ random: inout SeededGenerator) -> (RecordingSource, WaterfallView) {
    let heights = (0..<Int.random(in: 1...300, using: &random)).map { _ in Int.random(in: 1...25, using: &random) }
    let source = RecordingSource(heights: heights)
    let view = source.makeView(
      width: Int.random(in: 20...200, using: &random), height: Int.random(in: 5...60, using: &random),
      columns: .adaptive(minimumWidth: 18, maximumCount: 8))
    return (source, view)
  }

  static func randomSize(_ random: inout SeededGenerator) -> GridSize {
    GridSize(width: Int.random(in: 20...300, using: &random), height: Int.random(in: 5...100, using: &random))
  }

  @Test("resizing there and back returns to the same offset, the anchor in view at every step", arguments: seeds)
  func thereAndBack(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let (source, view) = Self.randomView(&random)
    defer { withExtendedLifetime(source) {} }
    view.scroll(toOffset: Int.random(in: 0...max(0, view.maximumOffset), using: &random))
    let original = (size: view.viewportSize, offset: view.contentOffset)
    guard let anchor = view.placeAnchor() else { return }
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      view.setViewportSize(Self.randomSize(&random))
      if view.contentOffset != view.maximumOffset {
        #expect(view.layout.frame(of: anchor).intersects(view.viewportRect), "seed \(seed)")
      }
    }
    view.setViewportSize(original.size)
    #expect(view.contentOffset == original.offset, "seed \(seed)")
    #expect(Set(view.visibleCells.keys) == Set(Oracle.items(view.layout, intersecting: view.bufferedRect)))
  }

  @Test("at the bottom, every resize and column change stays at the bottom", arguments: seeds)
  func bottomStaysBottom(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let (source, view) = Self.randomView(&random)
    defer { withExtendedLifetime(source) {} }
    view.scroll(toOffset: view.maximumOffset)
    guard view.maximumOffset > 0 else { return }
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      if Bool.random(using: &random) {
        view.setViewportSize(Self.randomSize(&random))
      } else {
        view.columnPolicy = .fixed(Int.random(in: 1...6, using: &random))
      }
      #expect(view.contentOffset == view.maximumOffset, "seed \(seed)")
    }
  }

  @Test("a selected item wholly in view stays wholly in view when it fits", arguments: seeds)
  func wholeSelectionStaysWhole(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let (source, view) = Self.randomView(&random)
    defer { withExtendedLifetime(source) {} }
    view.scroll(toOffset: Int.random(in: 0...max(0, view.maximumOffset), using: &random))
    let whole = view.indicesInViewport.filter { view.viewportRect.containsRows(of: view.layout.frame(of: $0)) }
    guard let chosen = whole.randomElement(using: &random) else { return }
    view.selectItem(at: chosen)
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      view.setViewportSize(Self.randomSize(&random))
      let frame = view.layout.frame(of: chosen)
      if frame.height <= view.viewportSize.height {
        #expect(view.viewportRect.containsRows(of: frame), "seed \(seed)")
      } else {
        #expect(frame.intersects(view.viewportRect), "seed \(seed)")
      }
    }
  }
}

extension PlaceRoundTripTests {
  @Test("a column change keeps a named anchor wholly in view when it was and fits", arguments: seeds.prefix(80))
  func columnChangeKeepsNamedAnchor(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let (source, view) = Self.randomView(&random)
    defer { withExtendedLifetime(source) {} }
    view.scroll(toOffset: Int.random(in: 0...max(0, view.maximumOffset), using: &random))
    let whole = view.indicesInViewport.filter { view.viewportRect.containsRows(of: view.layout.frame(of: $0)) }
    guard let anchor = whole.randomElement(using: &random) else { return }
    view.setColumnPolicy(.fixed(Int.random(in: 1...8, using: &random)), anchor: anchor)
    let frame = view.layout.frame(of: anchor)
    if frame.height <= view.viewportSize.height {
      #expect(view.viewportRect.containsRows(of: frame), "seed \(seed)")
    } else {
      #expect(frame.intersects(view.viewportRect), "seed \(seed)")
    }
  }
}

extension GridRect {
  func containsRows(of other: GridRect) -> Bool { other.y >= y && other.maxY <= maxY }
}
