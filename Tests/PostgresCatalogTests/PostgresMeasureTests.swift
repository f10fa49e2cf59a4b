import Foundation
import PostgresCatalog
import ShopCatalog
import Testing

/// `G` over a PostgreSQL catalogue measures the whole result: from the shapes packed at import, or from the rows
/// (a catalogue without them, one changed by hand, a filter), always as the in-memory catalogue measures it.
@Suite("G over a PostgreSQL catalogue")
struct PostgresMeasureTests {
  /// The whole result measured stretch by stretch, or nil when a stretch is not measured.
  static func measureAll(_ source: any CatalogueSource, _ query: CatalogueQuery, limit: Int) -> MeasuredStretch? {
    var whole = MeasuredStretch(shapes: [], pageSize: 0, pageStarts: [], next: nil, resultCount: 0)
    var from: PageCursor?
    repeat {
      guard case .stretch(let stretch) = source.measure(MeasureRequest(query: query, from: from, limit: limit))
      else { return nil }
      whole.items.append(contentsOf: stretch.items)
      whole.pageStarts += stretch.pageStarts
      (whole.pageSize, whole.resultCount) = (stretch.pageSize, stretch.resultCount)
      from = stretch.next
    } while from != nil
    return whole
  }

  static func packedRuns(_ address: String) throws -> Int {
    Int(try TestServer.psql(address, "SELECT count(*) FROM waterfall.waterfall_shapes")) ?? -1
  }

  /// The ids of the page `cursor` starts (nil: the first), or nil when it fails.
  static func ids(_ source: any CatalogueSource, _ query: CatalogueQuery, _ cursor: PageCursor?) -> [ItemID]? {
    guard case .page(let page) = source.fetch(CataloguePageRequest(query: query, cursor: cursor)) else { return nil }
    return page.ids
  }

  /// Every order (and a filter) measured against the oracle: the same shapes, count, and pages from their cursors.
  static func expectSameAsOracle(
    _ catalogue: PostgresCatalogue, _ oracle: ItemCatalogue, filters: [String?], label: String
  ) throws {
    for order in ItemOrder.allCases {
      for filter in filters {
        let query = CatalogueQuery(order: order, filter: filter.map(ItemQuery.init))
        let got = try #require(measureAll(catalogue, query, limit: 2_000), "\(label) \(query)")
        let want = try #require(measureAll(oracle, query, limit: 100_000))
        #expect(got.items == want.items, "\(label) \(query)")
        #expect(got.resultCount == want.resultCount && got.pageStarts.count == want.pageStarts.count)
        // The first page, one either side of a run's end (8,192 rows) and of a stretch's, and the last.
        for page in Set([0, 99, 100, 409, 410, got.pageStarts.count - 1]) where page < got.pageStarts.count {
          let shown = ids(catalogue, query, got.pageStarts[page])
          #expect(shown != nil && shown == ids(oracle, query, want.pageStarts[page]), "\(label) \(query) \(page)")
        }
      }
    }
  }

  @Test("every order across several runs: the packed shapes, then the rows once they are gone, as the oracle")
  func packedAndRows() throws {
    guard let fixture = try PostgresFixture(count: 9_000, seed: 31) else { return }
    // 9,000 rows are two runs of 8,192 in each of the four orders.
    #expect(try Self.packedRuns(fixture.address) == 8)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 20)
    let packed = try PostgresCatalogue.open(address: fixture.address, pageSize: 20)
    try Self.expectSameAsOracle(packed, oracle, filters: [nil, "cafe"], label: "packed")
    // An older catalogue, without them: measured from its rows by keyset.
    try TestServer.psql(fixture.address, "DROP TABLE waterfall.waterfall_shapes")
    let rows = try PostgresCatalogue.open(address: fixture.address, pageSize: 20)
    try Self.expectSameAsOracle(rows, oracle, filters: [nil], label: "rows")
  }

  @Test("a row changed by hand drops the packed shapes: G measures the row as it is now, in every order")
  func rowChangedByHand() throws {
    guard let fixture = try PostgresFixture(count: 300, seed: 32) else { return }
    #expect(try Self.packedRuns(fixture.address) == 4)
    try TestServer.psql(fixture.address, "UPDATE waterfall.items SET w = 7, h = 700 WHERE id = 5")
    #expect(try Self.packedRuns(fixture.address) == 0)
    var items = fixture.items
    (items[4].width, items[4].height) = (7, 700)
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 20)
    try Self.expectSameAsOracle(catalogue, ItemCatalogue(items: items, pageSize: 20), filters: [nil], label: "changed")
    let measured = try #require(Self.measureAll(catalogue, CatalogueQuery(), limit: 100))
    #expect(measured.items[4].width == 7 && measured.items[4].height == 700)
  }

  @Test("a filter's first page comes before its count; the count comes with a later page, right")
  func firstPageBeforeTheCount() throws {
    guard let fixture = try PostgresFixture(count: 300, seed: 33) else { return }
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 10)
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    let query = CatalogueQuery(filter: ItemQuery("e"))
    guard case .page(let expected) = oracle.fetch(CataloguePageRequest(query: query)) else {
      Issue.record("the oracle's first page failed")
      return
    }
    let count = try #require(expected.resultCount)
    #expect(count > 10, "more than a page matches")
    // A table this small is counted at once.
    guard case .page(let small) = catalogue.fetch(CataloguePageRequest(query: query)) else {
      Issue.record("the first page failed")
      return
    }
    #expect(small.resultCount == count)
    // As a large one is: its first page without the count.
    catalogue.countsAtOnceUpTo = 0
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: query)) else {
      Issue.record("the first page failed")
      return
    }
    #expect(first.resultCount == nil && first.ids == expected.ids)
    let next = try #require(first.next)
    var counted: Int?
    let deadline = ContinuousClock.now + .seconds(60)
    while counted == nil && ContinuousClock.now < deadline {
      guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: query, cursor: next, pageNumber: 1))
      else { break }
      counted = page.resultCount
      if counted == nil { Thread.sleep(forTimeInterval: 0.02) }
    }
    #expect(counted == count)
    // A result of one page read from its start is counted by that page.
    let few = CatalogueQuery(filter: ItemQuery("zzz"))
    guard case .page(let alone) = catalogue.fetch(CataloguePageRequest(query: few)) else {
      Issue.record("the first page failed")
      return
    }
    #expect(alone.next == nil && alone.resultCount == alone.items.count)
  }
}
