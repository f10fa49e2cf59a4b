import Foundation
import ShopCatalog
import TestSupport
import Testing

@testable import PostgresCatalog

/// A search nobody wants any more is cancelled on the server, not left to run behind the next key: the statement
/// is made to wait on purpose (another session holds the table's lock), then cancelled.
@Suite("Work that stops: PostgreSQL's searches")
struct PostgresCancellationTests {
  /// The viewer's statements running or waiting on the server now whose text is `like` (a LIKE pattern).
  static func activeStatements(_ address: String, like: String) throws -> Int {
    Int(
      try TestServer.psql(
        address,
        """
        SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'waterfall'
          AND state = 'active' AND query LIKE '\(like)'
        """)) ?? -1
  }

  /// The viewer's searches (their ranks numbered by row_number()) on the server now.
  static func activeSearches(_ address: String) throws -> Int { try activeStatements(address, like: "%row_number()%") }

  /// The viewer's statements sleeping on the server now.
  static func sleepingStatements(_ address: String) throws -> Int {
    try activeStatements(address, like: "SELECT pg_sleep%")
  }

  @Test("a search cancelled while its statement runs is cancelled on the server at once; the next page comes")
  func cancelledOnTheServer() throws {
    guard let fixture = try PostgresFixture(count: 30, seed: 23) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    // Another session holds the table for two seconds: the search waits on it, as a slow one would run.
    let address = fixture.address
    let locker = Thread {
      _ = try? TestServer.psql(
        address, "BEGIN; LOCK TABLE waterfall.items IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(2); COMMIT;")
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

  @Test("& counted on the server: the count alone crosses the wire, kept for the filter's pages; typed over, cancelled")
  func countedOnTheServer() throws {
    guard let fixture = try PostgresFixture(count: 300, seed: 25) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 10)
    for pattern in ["cafe", "item", "x", "zzz"] {
      let count = catalogue.countMatches(of: ItemQuery(pattern), cancellation: WorkCancellation())
      #expect(count == oracle.findMatches(of: ItemQuery(pattern), in: CatalogueQuery()).count, "\(pattern)")
      guard
        case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery(filter: ItemQuery(pattern))))
      else { continue }
      #expect(page.resultCount == count, "the filter's page knows the count")
    }
    let cancelled = WorkCancellation()
    cancelled.cancel()
    #expect(catalogue.countMatches(of: ItemQuery("silk"), cancellation: cancelled) == nil)
  }

  @Test("the count a filter's first page leaves to a thread is cancelled on the server when the next filter's starts")
  func backgroundCountSuperseded() throws {
    guard let fixture = try PostgresFixture(count: 60, seed: 26) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    catalogue.countsAtOnceUpTo = 0
    // The table held by another session: each count waits on it, as a long one would run.
    let address = fixture.address
    Thread.detachNewThread {
      _ = try? TestServer.psql(
        address, "BEGIN; LOCK TABLE waterfall.items IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(3); COMMIT;")
    }
    Thread.sleep(forTimeInterval: 0.3)
    // What each filter's first page does after its rows: its count left to a thread.
    for pattern in ["c", "ca", "caf"] {
      #expect(try catalogue.count(CatalogueQuery(filter: ItemQuery(pattern)), waiting: false) == nil)
      Thread.sleep(forTimeInterval: 0.4)
    }
    // Three counts started, each waiting on the lock; only the last is left on the server.
    let counting = try Self.activeStatements(fixture.address, like: "SELECT count(*)%")
    #expect(counting == 1, "\(counting) counts on the server")
  }

  @Test("a statement ended by statement_timeout is not asked again; one ended by the session's own cancel is")
  func timeoutNotAskedAgain() throws {
    guard let fixture = try PostgresFixture(count: 3, seed: 25) else { return }
    var address = try PostgresAddress.reading(fixture.address)
    address.schema = PostgresSchema.defaultSchema
    // Asked again, it would end after two timeouts.
    let timed = try PostgresSession.connect(address, readOnly: true, statementTimeout: .seconds(1))
    defer { timed.close() }
    let started = Date()
    #expect(throws: (any Error).self) { try timed.rows("SELECT pg_sleep(5)") }
    let took = Date().timeIntervalSince(started)
    #expect(took < 1.9, "ended after \(took) s")
    // Cancelled by the session for another statement's sake (its own token not cancelled): asked again, answered.
    let session = try PostgresSession.connect(address, readOnly: true)
    defer { session.close() }
    let answered = SharedValue(false)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      answered.set((try? session.rows("SELECT pg_sleep(0.5)")) != nil)
      done.signal()
    }
    let deadline = Date().addingTimeInterval(5)
    while try Self.sleepingStatements(fixture.address) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    session.cancelRunningStatement()
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(answered.value, "asked again after the cancel")
  }
}
