import Foundation
import ShopCatalog
import Testing

@testable import PostgresCatalog

/// A connection lost while browsing (an administrator ends it, the server restarts) is made again: the next page
/// comes, from a session still read-only.
@Suite("A PostgreSQL catalogue connects again when its connection is lost")
struct PostgresReconnectTests {
  @Test("the backend ended with pg_terminate_backend: the next pages and ranks come on a new connection")
  func terminatedBackend() async throws {
    guard let fixture = try PostgresFixture(count: 30, seed: 7) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    let query = CatalogueQuery(order: .priceAscending)
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: query)) else {
      Issue.record("the first page failed")
      return
    }
    let ended = try TestServer.psql(
      fixture.address,
      """
      SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend'
        AND application_name <> 'psql'
      """)
    // Clients only: an autovacuum worker analysing the fresh table may be in the database too (it was, once, in a
    // whole run under load, and was counted).
    #expect(ended == "1", "the catalogue's one connection ended")
    // The client learns of it when the server's close arrives: waited for, within a generous deadline.
    let deadline = ContinuousClock.now + .seconds(30)
    while !catalogue.session.connection.isClosed && ContinuousClock.now < deadline { await Task.yield() }
    #expect(catalogue.session.connection.isClosed)
    let next = catalogue.fetch(CataloguePageRequest(query: query, cursor: first.next, pageNumber: 1))
    guard case .page(let second) = next else {
      Issue.record("the page after the lost connection failed: \(next)")
      return
    }
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 10)
    guard case .page(let expected) = oracle.fetch(CataloguePageRequest(query: query)) else { return }
    #expect(first.ids == expected.ids)
    #expect(second.ids.count == 10 && Set(second.ids).isDisjoint(with: first.ids))
    #expect(catalogue.session.reconnects == 1)
    #expect(catalogue.rank(of: first.ids[3], in: query) == 3)
    #expect(throws: (any Error).self) { try catalogue.session.run("DELETE FROM items") }
    #expect(try TestServer.psql(fixture.address, "SELECT count(*) FROM waterfall.items") == "30")
  }
}
