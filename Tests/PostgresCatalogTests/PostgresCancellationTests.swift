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

  /// The viewer's statements sleeping on the server now.
  static func sleepingStatements(_ address: String) throws -> Int {
    Int(
      try TestServer.psql(
        address,
        """
        SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'waterfall'
          AND state = 'active' AND query LIKE 'SELECT pg_sleep%'
        """)) ?? -1
  }

  @Test("a long statement frozen on its own connection: pages keep loading beside it; superseded, it is cancelled")
  func pagesBesideALongStatement() throws {
    guard let fixture = try PostgresFixture(count: 60, seed: 24) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    // A statement frozen for 30 s where the catalogue runs its ranks, sections, counts and measures.
    let long = try catalogue.longStatements()
    // Its deadline of its own: the server ends a long statement after four minutes.
    #expect(try long.rows("SHOW statement_timeout").first?.decode(String.self) == "4min")
    let cancellation = WorkCancellation()
    let ended = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      cancellation.whileRunning(stoppedBy: long.cancelRunningStatement) {
        _ = try? long.rows("SELECT pg_sleep(30)", cancellation: cancellation)
      }
      ended.signal()
    }
    let deadline = Date().addingTimeInterval(5)
    while try Self.sleepingStatements(fixture.address) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    #expect(try Self.sleepingStatements(fixture.address) == 1, "the long statement runs")
    // Every page of the catalogue, sorted, while it runs.
    let started = Date()
    var cursor: PageCursor?
    var shown = 0
    repeat {
      let request = CataloguePageRequest(query: CatalogueQuery(order: .title), cursor: cursor)
      guard case .page(let page) = catalogue.fetch(request) else {
        Issue.record("a page failed beside the long statement")
        break
      }
      shown += page.items.count
      cursor = page.next
    } while cursor != nil
    let pagesTook = Date().timeIntervalSince(started)
    #expect(shown == 60 && pagesTook < 5, "\(shown) items in \(pagesTook) s")
    let cancelledAt = Date()
    cancellation.cancel()
    #expect(ended.wait(timeout: .now() + 2) == .success, "the long statement ended")
    var gone = try Self.sleepingStatements(fixture.address) == 0
    while !gone, Date().timeIntervalSince(cancelledAt) < 2 {
      gone = try Self.sleepingStatements(fixture.address) == 0
    }
    let goneIn = Date().timeIntervalSince(cancelledAt)
    #expect(gone, "nothing left running on the server")
    print(
      "PostgreSQL: 6 pages in \(Int(pagesTook * 1000)) ms beside a frozen long statement, "
        + "which was gone from pg_stat_activity \(Int(goneIn * 1000)) ms after its cancellation")
  }
}
