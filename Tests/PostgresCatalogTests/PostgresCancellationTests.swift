import Foundation
import ShopCatalog
import TestSupport
import Testing

@testable import PostgresCatalog

/// A search nobody wants any more is cancelled on the server, not left to run behind the next key: the statement
/// is made to wait on purpose (another session holds the table's lock), then cancelled.
@Suite("Work that stops: PostgreSQL's searches")
struct PostgresCancellationTests {
  /// The viewer's statements running or waiting on the server now, but the one asking.
  static func activeSearches(_ address: String) throws -> Int {
    Int(
      try TestServer.psql(
        address,
        """
        SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'waterfall'
          AND state = 'active' AND query LIKE '%row_number()%'
        """)) ?? -1
  }

  @Test("a search cancelled while its statement runs is cancelled on the server at once; the next page comes")
  func cancelledOnTheServer() throws {
    guard let fixture = try PostgresFixture(count: 30, seed: 23) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    // Another session holds the table for two seconds: the search waits on it, as a slow one would run.
    let address = fixture.address
    let locker = Thread {
      _ = try? TestServer.psql(address, "BEGIN; LOCK TABLE waterfall.items IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(2); COMMIT;")
    }
    locker.start()
    Thread.sleep(forTimeInterval: 0.3)
    let cancellation = WorkCancellation()
    let answered = DispatchSemaphore(value: 0)
    let ranks = SharedValue<[Int]?>(nil)
    Thread.detachNewThread {
      ranks.set(catalogue.findMatches(of: ItemQuery("a"), in: CatalogueQuery(), cancellation: cancellation))
      answered.signal()
    }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(try Self.activeSearches(fixture.address) == 1, "the search waits on the lock")
    let cancelledAt = Date()
    cancellation.cancel()
    #expect(answered.wait(timeout: .now() + 1) == .success, "the search ended")
    let stoppedIn = Date().timeIntervalSince(cancelledAt)
    #expect(ranks.value == nil)
    #expect(try Self.activeSearches(fixture.address) == 0, "nothing left running on the server")
    // About 10 ms alone (a connection made to send the cancel); the whole suite at once on two cores stretches
    // the connecting, so the bound here only tells a cancel from a statement left to its end (two seconds).
    #expect(stoppedIn < 1, "stopped \(Int(stoppedIn * 1000)) ms after the cancellation")
    guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("the page after the cancelled search failed")
      return
    }
    #expect(page.items.count == 10)
    print("PostgreSQL search cancelled on the server \(Int(stoppedIn * 1000)) ms after the cancellation")
  }
}
