import Foundation
import ShopCatalog
import Testing

@testable import PostgresCatalog

/// Rows another client commits while the catalogue is viewed are announced (``ReadingProgress/newItems``) without
/// anything asked of the catalogue: through the trigger `import` installs, else by the watch's poll; the next first
/// page (`r`) reads them in and nothing is news any more.
@Suite("A PostgreSQL catalogue announces the rows other clients add")
struct PostgresLiveRowsTests {
  /// Another client's INSERT of `count` rows in one statement, each a copy of row 1 with the next ids and `title`.
  static func insert(_ count: Int, title: String, into address: String) throws {
    try TestServer.psql(
      address,
      """
      INSERT INTO waterfall.items
      SELECT (SELECT max(id) FROM waterfall.items) + n, w, h, img, price, '\(title)', shop, extra, price_up, price_down,
        title_key, search, shop_group, price_group, title_group, extra_group
      FROM waterfall.items, generate_series(1, \(count)) AS n WHERE id = 1
      """)
  }

  /// Waits, within a generous deadline, until `ready` holds; whether it did.
  static func eventually(_ ready: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while !ready() {
      if ContinuousClock.now > deadline { return false }
      try await Task.sleep(for: .milliseconds(10))
    }
    return true
  }

  /// The catalogue opened, its first page read and its watch started, as the viewer opens it.
  static func watched(_ fixture: PostgresFixture) throws -> PostgresCatalogue {
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    guard case .page = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      throw TestServer.PSQLFailed(output: "the first page failed")
    }
    catalogue.watchAddedRows()
    return catalogue
  }

  static func watchListens(_ catalogue: PostgresCatalogue) -> Bool {
    catalogue.watch.withLock { $0?.listening.withLock { $0 } } == true
  }

  /// Every id of the query's result, page after page.
  static func allIDs(_ catalogue: PostgresCatalogue, _ query: CatalogueQuery) -> [ItemID] {
    var ids: [ItemID] = []
    var request = CataloguePageRequest(query: query)
    while case .page(let page) = catalogue.fetch(request) {
      ids += page.ids
      guard let next = page.next else { break }
      request = CataloguePageRequest(query: query, cursor: next, pageNumber: request.pageNumber + 1)
    }
    return ids
  }

  @Test("the trigger import installs: a committed row is announced, r reads it in, the count goes up")
  func announcedThroughTheTrigger() async throws {
    guard let fixture = try PostgresFixture(count: 30, seed: 11) else { return }
    let catalogue = try Self.watched(fixture)
    #expect(try await Self.eventually { Self.watchListens(catalogue) }, "the catalogue made by import has the trigger")
    #expect(catalogue.progress.newItems == 0)
    let committed = ContinuousClock.now
    try Self.insert(1, title: "arrived live", into: fixture.address)
    #expect(try await Self.eventually { catalogue.progress.newItems == 1 })
    print("announced \(committed.duration(to: .now)) after psql started the INSERT (LISTEN)")
    try Self.insert(2, title: "two more", into: fixture.address)
    #expect(try await Self.eventually { catalogue.progress.newItems == 3 })
    #expect(catalogue.itemCount == 30, "the count shown stays until r")
    // r: the first page again. The rows are read in, once each, at the end of the imported order.
    let ids = Self.allIDs(catalogue, CatalogueQuery())
    #expect(catalogue.progress.newItems == 0 && catalogue.itemCount == 33)
    #expect(ids == (0..<33).map { ItemID($0) }, "every row once, the new ones last")
    let sorted = Self.allIDs(catalogue, CatalogueQuery(order: .priceAscending))
    #expect(sorted.count == 33 && Set(sorted).count == 33)
    catalogue.stopWatching()
  }

  @Test("a table without the trigger: the watch polls the newest rows and announces them")
  func announcedByThePoll() async throws {
    guard let fixture = try PostgresFixture(count: 20, seed: 12) else { return }
    try TestServer.psql(fixture.address, "DROP TRIGGER \(PostgresSchema.addedRowsChannel) ON waterfall.items")
    let catalogue = try Self.watched(fixture)
    let committed = ContinuousClock.now
    try Self.insert(1, title: "polled", into: fixture.address)
    #expect(try await Self.eventually { catalogue.progress.newItems == 1 })
    print("announced \(committed.duration(to: .now)) after psql started the INSERT (poll)")
    #expect(!Self.watchListens(catalogue), "no trigger: nothing to LISTEN for")
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("the first page failed")
      return
    }
    #expect(first.resultCount == 21 && catalogue.progress.newItems == 0)
    catalogue.stopWatching()
  }

  @Test("the watch's connection ended: it connects again, listens again, and a row is still announced")
  func listenerReconnects() async throws {
    guard let fixture = try PostgresFixture(count: 20, seed: 13) else { return }
    let catalogue = try Self.watched(fixture)
    #expect(try await Self.eventually { Self.watchListens(catalogue) })
    let watch = try #require(catalogue.watch.withLock { $0 })
    let ended = try TestServer.psql(
      fixture.address,
      """
      SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend'
        AND application_name <> 'psql'
      """)
    #expect(ended == "2", "the catalogue's connection and the watch's")
    #expect(try await Self.eventually { watch.reconnects == 1 }, "the watch connected again")
    try Self.insert(1, title: "after the restart", into: fixture.address)
    #expect(try await Self.eventually { catalogue.progress.newItems == 1 })
    #expect(try await Self.eventually { Self.watchListens(catalogue) }, "listening again on the new connection")
    try Self.insert(1, title: "heard again", into: fixture.address)
    #expect(try await Self.eventually { catalogue.progress.newItems == 2 })
    catalogue.stopWatching()
  }

  @Test("stopped, the watch's connection is closed: the server has the catalogue's alone")
  func watchReleased() async throws {
    guard let fixture = try PostgresFixture(count: 5, seed: 14) else { return }
    let catalogue = try Self.watched(fixture)
    // Waterfall's clients only: an autovacuum worker may be in the database too, and an earlier poll's psql
    // backend may not have exited yet on a loaded machine (it counted as a third client, and CI failed on it).
    let count = """
      SELECT count(*) FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend'
        AND application_name <> 'psql'
      """
    #expect(try await Self.eventually { (try? TestServer.psql(fixture.address, count)) == "2" })
    // Kept alive to the end: released after its last use, its own connection closes too and the count passes 1 by.
    defer { withExtendedLifetime(catalogue) {} }
    let watch = catalogue.watch.withLock { $0 }
    catalogue.stopWatching()
    var last = ""
    let released = try await Self.eventually {
      last = (try? TestServer.psql(fixture.address, count)) ?? "psql failed"
      return last == "1"
    }
    let sessions = """
      SELECT string_agg(application_name || ' ' || coalesce(state, '-') || ' ' || pid || ' since '
        || backend_start::time || ': ' || left(query, 60), '; ')
      FROM pg_stat_activity WHERE datname = current_database()
      """
    let watchState = watch?.connected.withLock { $0.map { "connected, closed \($0.connection.isClosed)" } }
    let shown = (try? TestServer.psql(fixture.address, sessions)) ?? "?"
    #expect(released, "last count \(last); the watch \(watchState ?? "never connected"); the sessions: \(shown)")
  }
}
