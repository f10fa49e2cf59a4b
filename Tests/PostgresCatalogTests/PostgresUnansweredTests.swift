import Foundation
import ShopCatalog
import Testing

@testable import PostgresCatalog

/// A server that stops answering without closing the connection (a frozen host, a network dropped with no reset)
/// is played by stopping the viewer's backend with SIGSTOP: the kernel keeps the connection open, nothing answers.
@Suite("A PostgreSQL catalogue whose server stops answering")
struct PostgresUnansweredTests {
  /// The backends of the catalogue's connections (the viewer names them `waterfall`) in the fixture's database.
  static func viewerBackends(_ fixture: PostgresFixture) throws -> [pid_t] {
    try TestServer.psql(
      fixture.address,
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'waterfall'"
    ).split(separator: "\n").compactMap { pid_t($0) }
  }

  @Test("a statement unanswered past the deadline is asked again on a new connection, and the page comes")
  func askedAgainOnANewConnection() throws {
    guard let fixture = try PostgresFixture(count: 30, seed: 17) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10, answerDeadline: .seconds(2))
    guard case .page = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("the first page failed")
      return
    }
    let frozen = try Self.viewerBackends(fixture)
    try #require(frozen.count == 1, "the catalogue's one connection")
    #expect(kill(frozen[0], SIGSTOP) == 0, "the test may signal the server's processes")
    defer {
      kill(frozen[0], SIGCONT)
      kill(frozen[0], SIGTERM)
    }
    // Without a deadline the fetch would wait for ever: the backend is woken after 20 s, so such a fetch ends
    // answered by the old connection, and the test fails on the count of reconnections instead of hanging.
    let backend = frozen[0]
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 20)
      kill(backend, SIGCONT)
    }
    let started = ContinuousClock.now
    let sorted = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery(order: .priceAscending)))
    guard case .page(let page) = sorted else {
      Issue.record("the sort failed instead of being asked again: \(sorted)")
      return
    }
    #expect(page.items.count == 10)
    #expect(started.duration(to: .now) >= .seconds(2), "asked again once the deadline passed")
    #expect(catalogue.session.reconnects == 1)
    #expect(try Self.viewerBackends(fixture).contains { !frozen.contains($0) }, "a new backend answered")
  }

  @Test("the reason a page gives when no connection answers says how long it waited")
  func reasonNamesTheDeadline() throws {
    let address = try PostgresAddress.parse("postgresql://u@127.0.0.1:5432/shop").get()
    let reason = PostgresSession.reason(PostgresSession.Unanswered(deadline: .seconds(30)), address: address)
    #expect(reason == "the server did not answer within 30 s")
  }
}
