import Foundation
import ShopCatalog
import Testing

@testable import PostgresCatalog

/// With a filter shown, the rows other clients add are news only when the filter keeps them: "1 new item · r shows
/// it" must not promise a row that `r` would not show.
@Suite("A filtered PostgreSQL catalogue announces only the added rows its filter keeps")
struct PostgresLiveRowsFilterTests {
  @Test("two rows committed at once, one matching the filter: one new item, and r shows it")
  func onlyMatchingRowsAreNews() async throws {
    guard let fixture = try PostgresFixture(count: 20, seed: 21) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    let filtered = CatalogueQuery(filter: ItemQuery("zebra"))
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: filtered)) else {
      throw TestServer.PSQLFailed(output: "the first page failed")
    }
    #expect(first.ids.isEmpty, "no zebra in the generated rows")
    catalogue.watchAddedRows()
    defer { catalogue.stopWatching() }
    #expect(try await PostgresLiveRowsTests.eventually { PostgresLiveRowsTests.watchListens(catalogue) })
    // One statement, one commit, one count: without the filter it would say 2.
    try TestServer.psql(
      fixture.address,
      """
      INSERT INTO waterfall.items
      SELECT (SELECT max(id) FROM waterfall.items) + n, w, h, img, price, t, shop, extra, price_up, price_down,
        title_key, t, shop_group, price_group, t, extra_group
      FROM waterfall.items, unnest(ARRAY['zebra scarf', 'plain scarf']) WITH ORDINALITY AS added(t, n) WHERE id = 1
      """)
    #expect(try await PostgresLiveRowsTests.eventually { catalogue.progress.newItems != 0 })
    #expect(catalogue.progress.newItems == 1)
    #expect(PostgresLiveRowsTests.allIDs(catalogue, filtered).count == 1, "r shows the one zebra")
  }
}
