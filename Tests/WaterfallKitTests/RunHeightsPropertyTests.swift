import TestSupport
import Testing
import WaterfallKit

/// A reload of a result larger than one run of heights (a far jump lays out 10^6 items at once) asks and places
/// them a run at a time into storage reserved once: the frames must be what the shortest-column rule gives,
/// checked item by item against a plain column walk, and every item asked once, in order.
@Suite("A large reload, a run of heights at a time")
struct RunHeightsPropertyTests {
  @Test("frames follow the shortest-column rule across runs; every item asked once, in order", arguments: 0..<3)
  func runsAreOneLayout(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let small = LayoutCase(seed: seed)
    let count = 150_000 + Int.random(in: 0..<70_000, using: &random)
    let heights = (0..<count).map { _ in Int.random(in: -2...30, using: &random) }
    let source = BulkHeightsTests.BulkSource(heights: heights)
    let layout = BulkHeightsTests.loadedView(source, small.configuration).layout
    #expect(layout.count == count)
    // The oracle: each item to the column whose next free row is the smallest, the leftmost on ties.
    let rowGap = small.configuration.margins.rowGap
    var nextFree = Array(repeating: layout.itemsTop, count: layout.columnCount)
    var mismatches = 0
    for index in 0..<count {
      let top = nextFree.min()!
      let column = nextFree.firstIndex(of: top)!
      let expected = GridRect(
        x: layout.columnX(column), y: top, width: layout.columnWidth, height: max(1, heights[index]))
      if layout.frame(of: index) != expected { mismatches += 1 }
      nextFree[column] = top + expected.height + rowGap
    }
    #expect(mismatches == 0, "seed \(seed)")
    #expect(layout.itemsBottom == nextFree.map { $0 - rowGap }.max()!)
    #expect(source.askedRanges.flatMap { Array($0) } == Array(0..<count))
    #expect(source.askedRanges.count > 1, "asked in runs")
  }
}
