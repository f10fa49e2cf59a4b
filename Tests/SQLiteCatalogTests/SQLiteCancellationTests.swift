import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import TestSupport
import Testing

/// A search over a SQLite table that nobody wants any more is stopped by SQLite itself (its progress handler),
/// and only that search: the next statement on the connection runs.
@Suite("Work that stops: SQLite's searches")
struct SQLiteCancellationTests {
  /// A `--table` of `rows` rows, searched through the catalogue's folding computed row by row: slow on purpose.
  static func slowTable(rows: Int) throws -> (SQLiteCatalogue, path: String) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("wf-cancel-\(UUID().uuidString).db").path
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE items(w INTEGER, h INTEGER, price TEXT, title TEXT)")
      try db.execute(
        sql: """
          WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
          INSERT INTO items SELECT 10, 20, '¥' || i, 'Velvet cushion number ' || i FROM n
          """, arguments: [rows])
    }
    try queue.close()
    return (try SQLiteCatalogue.open(path: path, table: "items", pageSize: 20), path)
  }

  @Test("a search cancelled while its statement runs stops within 50 ms with no answer; the next page still comes")
  func stopsItsStatement() throws {
    let (catalogue, path) = try Self.slowTable(rows: 100_000)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let pattern = ItemQuery("zyzzyva")
    let started = Date()
    #expect(catalogue.findMatches(of: pattern, in: CatalogueQuery(), cancellation: WorkCancellation()) == [])
    let whole = Date().timeIntervalSince(started)

    let cancellation = WorkCancellation()
    let answer = SharedValue<(ranks: [Int]?, at: Date)?>(nil)
    let thread = Thread {
      let ranks = catalogue.findMatches(of: pattern, in: CatalogueQuery(), cancellation: cancellation)
      answer.set((ranks, Date()))
    }
    thread.start()
    Thread.sleep(forTimeInterval: whole / 4)
    let cancelledAt = Date()
    cancellation.cancel()
    while answer.value == nil { Thread.sleep(forTimeInterval: 0.001) }
    let stoppedIn = answer.value!.at.timeIntervalSince(cancelledAt)
    #expect(answer.value!.ranks == nil)
    #expect(
      stoppedIn < 0.05,
      "stopped \(Int(stoppedIn * 1000)) ms after the cancellation (the whole search: \(Int(whole * 1000)) ms)")
    guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("the page after the stopped search failed")
      return
    }
    #expect(page.items.count == 20)
    print(
      "SQLite search over 100,000 rows: \(Int(whole * 1000)) ms whole; cancelled, stopped in \(Int(stoppedIn * 1000)) ms"
    )
  }
}
