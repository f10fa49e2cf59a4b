import Foundation
import ShopCatalog
import Testing

@testable import PostgresCatalog

/// The watch connects a moment after the viewer opened the catalogue (viewers opened together draw their first
/// frames without a second backend each starting beside them), and a row committed in that moment is still
/// announced once it has connected.
@Suite("A PostgreSQL catalogue's watch connects after its first frame")
struct PostgresWatchDelayTests {
  @Test("no second connection during the delay; a row committed then is announced after it")
  func rowCommittedBeforeTheWatchConnects() async throws {
    guard let fixture = try PostgresFixture(count: 12, seed: 15) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    guard case .page = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("the first page failed")
      return
    }
    let opened = ContinuousClock.now
    catalogue.watchAddedRows(connectDelay: 8)
    try PostgresLiveRowsTests.insert(1, title: "before the watch", into: fixture.address)
    let clients = """
      SELECT count(*) FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend'
        AND application_name <> 'psql'
      """
    let early = try TestServer.psql(fixture.address, clients)
    // Only meaningful while the delay lasts (a machine stalled for 8 s would say nothing here).
    if opened.duration(to: .now) < .seconds(7) {
      #expect(early == "1", "the catalogue's connection alone while the watch waits")
      #expect(catalogue.progress.newItems == 0, "nothing counted before the watch connects")
    }
    #expect(try await PostgresLiveRowsTests.eventually { catalogue.progress.newItems == 1 })
    #expect(opened.duration(to: .now) >= .seconds(8), "counted once the watch had connected")
    #expect(try TestServer.psql(fixture.address, clients) == "2")
    catalogue.stopWatching()
  }

  @Test("stopped during its delay, the watch never connects")
  func stoppedBeforeConnecting() async throws {
    guard let fixture = try PostgresFixture(count: 5, seed: 16) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    catalogue.watchAddedRows(connectDelay: 1)
    let watch = try #require(catalogue.watch.withLock { $0 })
    catalogue.stopWatching()
    try await Task.sleep(for: .seconds(2))
    #expect(watch.connected.withLock { $0 } == nil)
  }
}
