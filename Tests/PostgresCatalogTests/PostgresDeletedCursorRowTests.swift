import Foundation
import PostgresCatalog
import ShopCatalog
import Testing

/// A page measured by `G` starts after a row named by its id alone: another client deleting that row must not
/// leave the page empty.
@Suite("A measured page whose row before it was deleted")
struct PostgresDeletedCursorRowTests {
  @Test(
    "sorted by price or title, the row before a measured page deleted: the page shows the rows that followed it",
    arguments: [ItemOrder.priceAscending, .title])
  func pageAfterDeletedRow(order sorted: ItemOrder) throws {
    guard let fixture = try PostgresFixture(count: 60, seed: 35) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    let query = CatalogueQuery(order: sorted)
    let measured = try #require(PostgresMeasureTests.measureAll(catalogue, query, limit: 100))
    #expect(measured.pageStarts.count == 6)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 60)
    let order = try #require(PostgresMeasureTests.ids(oracle, query, nil))
    // Page 3 starts after rank 29, its cursor naming that row by id (an item's number + 1): the row goes.
    let start = try #require(measured.pageStarts[3]?.token.flatMap(KeysetCursor.init(token:)))
    let deleted = try #require(start.lastID)
    #expect(start.rank == 30 && order[29] == ItemID(Int(deleted) - 1), "the measure names the row at rank 29")
    try TestServer.psql(fixture.address, "DELETE FROM waterfall.items WHERE id = \(deleted)")
    let shown = PostgresMeasureTests.ids(catalogue, query, measured.pageStarts[3])
    #expect(shown == Array(order[30..<40]), "the rows after the deleted one, not an empty page")
  }
}
