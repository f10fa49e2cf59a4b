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
      CellSize(width: Int.random(in: 20...200, using: &random), height: Int.random(in: 5...60, using: &random)))
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
