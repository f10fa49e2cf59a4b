import Foundation
import PostgresCatalog
import Testing

/// The viewer's connections name themselves, so that an administrator finds them in `pg_stat_activity`.
@Suite("The connections' application name")
struct PostgresApplicationNameTests {
  @Test("an open catalogue's connections are listed as application 'waterfall'")
  func named() throws {
    guard let fixture = try PostgresFixture(count: 5, seed: 21) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address)
    defer { withExtendedLifetime(catalogue) {} }
    let listed = try TestServer.psql(
      fixture.address,
      """
      SELECT application_name FROM pg_stat_activity
      WHERE datname = current_database() AND query LIKE 'SELECT key, value FROM waterfall_catalogue%'
      """)
    // The catalogue's session, found by the statement it last ran (its description read at open).
    #expect(listed == "waterfall")
  }
}
