import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The engine's data source alone: what it says of the items, their sections and their heights.
@Suite("Parts: the layout's data source")
struct ItemLayoutSourceTests {
  /// A source holding `count` of the fixture's items (in `groups` when given), and an engine laid out from it in two
  /// columns of a 40×19 viewport.
  static func laidOut(
    _ count: Int, groups: [GroupRun] = [], resultCount: Int? = nil
  ) -> (
    source: ItemLayoutSource, waterfall: WaterfallView
  ) {
    let source = ItemLayoutSource(metrics: BoxMetrics(), hasSections: !groups.isEmpty)
    let page = CataloguePage(
      items: AppFixture.items(count), ids: (0..<count).map { ItemID($0) }, groups: groups, next: nil,
      resultCount: resultCount ?? count)
    source.store.replace(with: .page(page))
    let waterfall = WaterfallView(
      viewportSize: GridSize(width: 40, height: 19), columnPolicy: .fixed(2),
      margins: WaterfallMargins(top: 0, bottom: 0, left: 1, right: 1, columnGap: 1, rowGap: 0), headerHeight: 1,
      footerHeight: 1)
    waterfall.register(identifier: ItemCell.identifier) { ItemCell(reuseIdentifier: ItemCell.identifier, objectID: $0) }
    waterfall.dataSource = source
    waterfall.reloadData()
    return (source, waterfall)
  }

  @Test("one waterfall: every item in one section under no header, each box as tall as its picture and title need")
  func oneSection() {
    let (source, waterfall) = Self.laidOut(6)
    #expect(source.numberOfItems(in: waterfall) == 6 && waterfall.itemCount == 6)
    #expect(source.numberOfSections(in: waterfall) == 1)
    #expect(source.waterfallView(waterfall, numberOfItemsInSection: 0) == 6)
    #expect(source.waterfallView(waterfall, heightForHeaderInSection: 0) == 0)
    let width = waterfall.layout.columnWidth
    var heights: [Int] = []
    source.waterfallView(waterfall, heightsForItemsIn: 0..<6, columnWidth: width, into: &heights)
    #expect(heights == (0..<6).map { source.waterfallView(waterfall, heightForItemAt: $0, columnWidth: width) })
    #expect(heights == (0..<6).map { waterfall.layout.frame(of: $0).height }, "the engine laid them out so")
    #expect(heights[3] > heights[1], "a tall picture (200×500) makes a taller box than a wide one (300×200)")
  }

  @Test("sections: the store's groups are the layout's, a header row each; without sections, one again")
  func sections() {
    let groups = [
      GroupRun(ordinal: 0, name: "North", totalCount: 4, count: 4),
      GroupRun(ordinal: 1, name: "South", totalCount: 2, count: 2),
    ]
    let (source, waterfall) = Self.laidOut(6, groups: groups)
    #expect(source.numberOfSections(in: waterfall) == 2)
    #expect(source.waterfallView(waterfall, numberOfItemsInSection: 0) == 4)
    #expect(source.waterfallView(waterfall, numberOfItemsInSection: 1) == 2)
    #expect(source.waterfallView(waterfall, numberOfItemsInSection: 2) == 0, "past the last section")
    #expect(source.waterfallView(waterfall, heightForHeaderInSection: 1) == 1)
    source.hasSections = false
    #expect(source.numberOfSections(in: waterfall) == 1)
    #expect(source.waterfallView(waterfall, numberOfItemsInSection: 0) == 6)
    #expect(source.waterfallView(waterfall, heightForHeaderInSection: 0) == 0)
  }
}
