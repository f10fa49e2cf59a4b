import TestSupport
import Testing
import WaterfallKit

/// A data source may answer a run of heights in one call (a measured result lays out 10^6 items at once): the
/// engine must ask every item through it, each range once and in order, and lay out exactly those heights.
@Suite("Heights asked a run at a time")
struct BulkHeightsTests {
  /// Answers heights only in bulk; its one-by-one answer is deliberately wrong, so a layout built from it shows.
  final class BulkSource: WaterfallDataSource {
    var heights: [Int]
    var askedRanges: [Range<Int>] = []

    init(heights: [Int]) { self.heights = heights }

    func numberOfItems(in waterfallView: WaterfallView) -> Int { heights.count }

    func waterfallView(_ waterfallView: WaterfallView, heightForItemAt index: Int, columnWidth: Int) -> Int {
      999
    }

    func waterfallView(
      _ waterfallView: WaterfallView, heightsForItemsIn items: Range<Int>, columnWidth: Int,
      into heights: inout [Int]
    ) {
      askedRanges.append(items)
      heights.append(contentsOf: self.heights[items])
    }

    func waterfallView(_ waterfallView: WaterfallView, cellForItemAt index: Int) -> WaterfallCell {
      waterfallView.dequeueReusableCell(withIdentifier: "item", for: index)
    }
  }

  @Test("a reload and appended items lay out the bulk answers, every item asked once", arguments: 0..<20)
  func bulkAnswersAreTheLayout(seed: UInt64) {
    let layoutCase = LayoutCase(seed: seed)
    let split = layoutCase.heights.count / 3
    let source = BulkSource(heights: Array(layoutCase.heights.prefix(split)))
    let view = WaterfallView(
      viewportSize: GridSize(width: layoutCase.configuration.width, height: 24),
      columnPolicy: .fixed(layoutCase.configuration.columnCount), margins: layoutCase.configuration.margins)
    view.register(identifier: "item") { WaterfallCell(reuseIdentifier: "item", objectID: $0) }
    view.dataSource = source
    view.reloadData()
    source.heights = layoutCase.heights
    view.appendItems()
    var expected = WaterfallLayout(view.layout.configuration)
    expected.append(heights: layoutCase.heights)
    #expect(view.layout.count == layoutCase.heights.count)
    for index in layoutCase.heights.indices {
      #expect(view.layout.frame(of: index) == expected.frame(of: index), "\(layoutCase), item \(index)")
    }
    let asked = source.askedRanges.flatMap { Array($0) }
    #expect(asked == Array(layoutCase.heights.indices), "\(layoutCase)")
  }
}
