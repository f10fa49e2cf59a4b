import ShopCatalog
import TestSupport
import Testing

/// The facet panel's counts: every source's against a brute-force count of the result's items.
@Suite("How a result divides by a field's values")
struct FacetTests {
  /// The oracle: the items of `query`'s result counted by the field's value, byte for byte, most first.
  static func expected(
    _ items: [ShopItem], _ field: ItemField, filter: ItemQuery?, limit: Int
  ) -> FacetCounts {
    var counts: [[UInt8]: Int] = [:]
    var missing = 0
    for item in items where filter?.matches(item) ?? true {
      if let value = field.value(of: item) { counts[Array(value.utf8), default: 0] += 1 } else { missing += 1 }
    }
    let all = counts.map { FacetCounts.Value(String(decoding: $0.key, as: UTF8.self), count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.value.utf8.lexicographicallyPrecedes($1.value.utf8) }
    return FacetCounts(
      field: field, values: Array(all.prefix(limit)), otherValues: max(0, all.count - limit),
      otherItems: all.dropFirst(limit).reduce(0) { $0 + $1.count }, missing: missing)
  }

  /// A source that answers pages and nothing more, so the default count (every page walked) is the one asked.
  struct PagesOnly: CatalogueSource {
    let base: ItemCatalogue
    func fetch(_ request: CataloguePageRequest) -> CatalogueResponse { base.fetch(request) }
    func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] { [] }
    func rank(of item: ItemID, in query: CatalogueQuery) -> Int? { nil }
    var progress: ReadingProgress { base.progress }
    var latencyMilliseconds: Int { 0 }
    func measure(_ request: MeasureRequest) -> MeasureResponse { base.measure(request) }
  }

  static let fields: [ItemField] = [.shop, .price, .title, .extra("colour")]
  static let filters: [String?] = [nil, "item", "-7", "price<30", "shop:shop"]

  @Test("the column store and the pages walked count as the oracle does, in any order, filter and limit")
  func columnStore() {
    var random = SeededGenerator(seed: 88)
    for round in 0..<10 {
      let items = ColumnStoreTests.randomItems(Int.random(in: 0...150, using: &random), using: &random)
      let catalogue = ItemCatalogue(items: items, pageSize: 7)
      for field in Self.fields {
        for filter in Self.filters {
          for (order, limit) in [(ItemOrder.dataset, 100), (.priceDescending, 3), (.title, 1)] {
            let query = CatalogueQuery(order: order, filter: filter.map(ItemQuery.init))
            let want = Self.expected(items, field, filter: query.filter, limit: limit)
            let label = "round \(round) \(field.name) \(filter ?? "-") \(limit)"
            #expect(
              catalogue.facet(field, in: query, limit: limit, cancellation: WorkCancellation()) == want, "\(label)")
            #expect(
              PagesOnly(base: catalogue).facet(field, in: query, limit: limit, cancellation: WorkCancellation())
                == want,
              "pages: \(label)")
          }
        }
      }
    }
  }

  @Test("café and cafe + U+0301 are two values, as a database compares them; blank is no value")
  func valuesByBytes() throws {
    let shops = ["café", "cafe\u{301}", "café", "  ", ""]
    let items = shops.map { ShopItem(width: 1, height: 1, price: "¥1", title: "t", shop: $0) }
    let counts = try #require(
      ItemCatalogue(items: items, pageSize: 2).facet(
        .shop, in: CatalogueQuery(), limit: 10, cancellation: WorkCancellation()))
    #expect(counts.values == [FacetCounts.Value("café", count: 2), FacetCounts.Value("cafe\u{301}", count: 1)])
    #expect(counts.missing == 2 && counts.total == 5)
  }

  @Test("a cancelled count answers nothing")
  func cancelled() {
    let catalogue = ItemCatalogue(
      items: (0..<10_000).map { ShopItem(width: 1, height: 1, price: "¥1", title: "t\($0)") }, pageSize: 50)
    let cancellation = WorkCancellation()
    cancellation.cancel()
    #expect(catalogue.facet(.title, in: CatalogueQuery(), limit: 5, cancellation: cancellation) == nil)
  }
}
