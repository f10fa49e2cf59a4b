import TestSupport
import Testing
import WaterfallKit

@Suite("Keeping the place across filter and sort")
struct ReloadPlaceTests {
  static let seeds: [UInt64] = Array(1...150)

  /// A view over random items (in sections or not), scrolled to a random offset.
  static func scrolledView(_ random: inout SeededGenerator) -> (RecordingSource, WaterfallView) {
    let count = Int.random(in: 1...300, using: &random)
    let source = RecordingSource(heights: (0..<count).map { _ in Int.random(in: 1...25, using: &random) })
    if Bool.random(using: &random) { Self.splitIntoSections(source, &random) }
    let view = source.makeView(
      width: Int.random(in: 20...200, using: &random), height: Int.random(in: 5...60, using: &random),
      columns: .adaptive(minimumWidth: 18, maximumCount: 8))
    view.scroll(toOffset: Int.random(in: 0...max(0, view.maximumOffset), using: &random))
    return (source, view)
  }

  static func splitIntoSections(_ source: RecordingSource, _ random: inout SeededGenerator) {
    var left = source.heights.count
    var counts: [Int] = []
    while left > 0 {
      counts.append(Int.random(in: 0...left, using: &random))
      left -= counts.last!
    }
    source.sectionCounts = counts.isEmpty ? [0] : counts
    source.headerHeights = source.sectionCounts!.map { _ in Int.random(in: 0...3, using: &random) }
  }

  /// Shuffles the items and drops some, keeping `kept`; returns the old index of each new position.
  static func filterAndSort(_ source: RecordingSource, keeping kept: Int?, _ random: inout SeededGenerator) -> [Int] {
    var order = Array(source.heights.indices).filter { $0 == kept || Int.random(in: 0..<4, using: &random) > 0 }
    if Bool.random(using: &random) { order.shuffle(using: &random) } else { order.reverse() }
    source.heights = order.map { source.heights[$0] }
    if source.sectionCounts != nil { splitIntoSections(source, &random) }
    return order
  }

  /// The anchor is kept as the caller named it: same distance from the top when the content allows it, wholly
  /// in view when it was and fits, in view at least.
  static func expectKept(
    _ view: WaterfallView, newIndex: Int, distance: Int, wasWhole: Bool, _ comment: Comment
  ) {
    let frame = view.layout.frame(of: newIndex)
    #expect(frame.intersects(view.viewportRect), comment)
    if wasWhole, frame.height <= view.viewportSize.height {
      #expect(view.viewportRect.containsRows(of: frame), comment)
    }
    let wanted = frame.y - distance
    if wanted >= 0, wanted <= view.maximumOffset {
      #expect(view.contentOffset == wanted, comment)
    }
    #expect(view.visibleCells.keys.sorted() == Oracle.items(view.layout, intersecting: view.bufferedRect), comment)
  }

  @Test("a named anchor keeps its distance from the viewport top across a filter and a sort", arguments: seeds)
  func namedAnchorKeepsItsPlace(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let (source, view) = Self.scrolledView(&random)
    guard let old = view.indicesInViewport.randomElement(using: &random) else { return }
    let frame = view.layout.frame(of: old)
    let distance = frame.y - view.contentOffset
    let wasWhole = view.viewportRect.containsRows(of: frame)
    if Bool.random(using: &random) { view.selectItem(at: old) }
    let wasSelected = view.selectedIndex == old
    let order = Self.filterAndSort(source, keeping: old, &random)
    let new = order.firstIndex(of: old)!
    view.reloadData(keepingPlaceOf: ReloadAnchor(oldIndex: old, newIndex: new))
    Self.expectKept(view, newIndex: new, distance: distance, wasWhole: wasWhole, "seed \(seed)")
    #expect(view.selectedIndex == (wasSelected ? new : nil), "seed \(seed)")
  }

  @Test(
    "mapping indices keeps the topmost on-screen item that survives, and the selection follows its item",
    arguments: seeds)
  func mappedPlaceKeepsTheTopSurvivor(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let (source, view) = Self.scrolledView(&random)
    let onScreen = view.indicesInViewport.sorted {
      (view.layout.frame(of: $0).y, view.layout.frame(of: $0).x) < (
        view.layout.frame(of: $1).y, view.layout.frame(of: $1).x
      )
    }
    let selected = view.layout.count > 0 ? Int.random(in: 0..<view.layout.count, using: &random) : nil
    view.selectItem(at: selected)
    let order = Self.filterAndSort(source, keeping: nil, &random)
    let newIndexOf = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
    let selectedOnScreen = selected.flatMap { onScreen.contains($0) && newIndexOf[$0] != nil ? $0 : nil }
    let expectedAnchor = selectedOnScreen ?? onScreen.first { newIndexOf[$0] != nil }
    let before = expectedAnchor.map { (view.layout.frame(of: $0), view.contentOffset) }
    view.reloadData(mappingIndices: { newIndexOf[$0] })
    #expect(view.selectedIndex == selected.flatMap { newIndexOf[$0] }, "seed \(seed)")
    guard let expectedAnchor, let (frame, offset) = before else { return }
    Self.expectKept(
      view, newIndex: newIndexOf[expectedAnchor]!, distance: frame.y - offset,
      wasWhole: frame.y >= offset && frame.maxY <= offset + view.viewportSize.height, "seed \(seed)")
  }

  @Test("an anchor that is gone keeps no place and drops nothing else")
  func goneAnchor() {
    let source = RecordingSource(heights: Array(repeating: 5, count: 50))
    let view = source.makeView(width: 40, height: 10, columns: .fixed(2))
    view.scroll(toOffset: 30)
    source.heights = Array(repeating: 5, count: 10)
    view.reloadData(keepingPlaceOf: ReloadAnchor(oldIndex: 12, newIndex: 40))
    #expect(view.contentOffset == view.maximumOffset)
    #expect(view.visibleCells.keys.sorted() == Oracle.items(view.layout, intersecting: view.bufferedRect))
  }
}
