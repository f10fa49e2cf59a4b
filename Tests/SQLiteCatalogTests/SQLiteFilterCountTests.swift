import Foundation
import SQLiteCatalog
import ShopCatalog
import Testing

/// A filter's count reaches the viewer with the query's first page, even when the filter is matched row by row
/// over a large table and counted on a thread: the viewer asks for no other page while the first fills the screen,
/// so a count left to a later page never arrived ("50/200001 shown" for `¥7` stayed).
@Suite("A SQLite filter's count arrives with its first page")
struct SQLiteFilterCountTests {
  /// Short terms (matched row by row), common ones, rare ones through the index, and one that matches nothing.
  static let filters = ["¥7", "¥9", "x", "ab", "羊毛", "cafe", "silk dress", "item 1", "zzz"]

  @Test("each filter's first page carries the in-memory catalogue's count, counted on a thread or not")
  func firstPageCounts() throws {
    let fixture = try CatalogueFixture(count: 400, seed: 61)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 10)
    // denseRows 0: every filter matched row by row is counted on its thread, as on a table of 200,001 rows.
    for denseRows in [0, 20_000] {
      let catalogue = try SQLiteCatalogue.open(path: fixture.database, pageSize: 10, denseRows: denseRows)
      for filter in Self.filters {
        for order in [ItemOrder.dataset, .priceAscending] {
          let query = CatalogueQuery(order: order, filter: ItemQuery(filter))
          let expected = allPages(oracle, query).first?.resultCount
          guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: query)) else {
            Issue.record("no first page for \(filter)")
            continue
          }
          #expect(expected != nil)
          #expect(first.resultCount == expected, "\(filter) \(order) denseRows \(denseRows)")
        }
      }
    }
  }
}
