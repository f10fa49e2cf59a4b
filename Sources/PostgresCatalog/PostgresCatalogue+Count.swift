import Foundation
import PostgresNIO
import ShopCatalog

/// The table size above which a filter's count is left to a thread.
struct Counter {
  var atOnceRows = 20_000
}

/// A query's result count: the table's, or a filter's counted once, on a thread of its own over a large table.
extension PostgresCatalogue {
  /// A filter's count over a table of more rows than this is left to a thread, so that the first page does not
  /// wait for it (1.6 s for `item 77` at 10^6 rows): the page says nil ("…"), the pages after it the count.
  public var countsAtOnceUpTo: Int {
    get { counter.withLock { $0.atOnceRows } }
    set { counter.withLock { $0.atOnceRows = newValue } }
  }

  /// Items in the query's result: an imported table's count without a filter, else (and for a shop's table always)
  /// counted on the server once and kept; over a large table, unless `waiting`, on a thread of its own (nil until
  /// it is known).
  func count(_ query: CatalogueQuery, waiting: Bool) throws -> Int? {
    // A shop table's rows are counted as a filter's are: its own count is the server's estimate.
    guard query.filter != nil || !isImported else { return itemCount }
    let plain = CatalogueQuery(filter: query.filter)
    // A table never analysed (estimate -1) is new and small as a rule: counted at once.
    let deferred = !waiting && itemCount > countsAtOnceUpTo
    let (known, start) = factsStore.withLock { known -> (Int?, Bool) in
      let fact = known[plain]
      if let count = fact?.count { return (count, false) }
      guard deferred else { return (nil, false) }
      // A count that failed is started again by a first page alone (``startAgain``), not on every page.
      if fact?.counting == true || fact?.countFailed == true { return (nil, false) }
      known[plain, default: Facts()].counting = true
      return (nil, true)
    }
    if let known { return known }
    guard deferred else {
      // Waited for over a large table (by G's measuring): a long statement, off the pages' connection.
      let count = try Self.countNow(
        plain, in: rows, folded: isImported, session: itemCount > countsAtOnceUpTo ? longStatements() : session)
      remember(plain) { $0.count = count }
      return count
    }
    if start { countLater(plain) }
    return nil
  }

  static func countNow(
    _ plain: CatalogueQuery, in rows: String, folded: Bool, session: PostgresSession,
    cancellation: WorkCancellation? = nil
  ) throws -> Int {
    var statement = PostgresStatement("SELECT count(*) FROM \(rows) WHERE ")
    statement.append(Self.condition(for: plain.filter, folded: folded))
    return Int(try session.rows(statement.query, cancellation: cancellation).first?.decode(Int64.self) ?? 0)
  }

  /// Counts `plain` on a connection and thread of their own (the viewer's connection answers pages meanwhile).
  /// Only the latest filter's count runs: the one before it, typed over, is cancelled on the server.
  private func countLater(_ plain: CatalogueQuery) {
    let address = session.address
    let cancellation = WorkCancellation()
    // Swapped in one step: two filters' counts started at once leave none running uncancelled.
    let superseded = backgroundCount.withLock { running in
      defer { running = cancellation }
      return running
    }
    superseded?.cancel()
    // Holds the facts, not the catalogue: a viewer closed meanwhile is not kept open by its count.
    let facts = factsStore
    let rows = self.rows
    let folded = isImported
    let thread = Thread {
      let outcome = Result { () throws -> Int in
        let own = try Self.longStatementsSession(address)
        defer { own.close() }
        return try cancellation.whileRunning(stoppedBy: own.cancelRunningStatement) {
          try Self.countNow(plain, in: rows, folded: folded, session: own, cancellation: cancellation)
        }
      }
      facts.withLock { known in
        switch outcome {
        case .success(let count): known[plain, default: Facts()].count = count
        // Typed over: not a failure; a first page of the same filter counts it again.
        case .failure where cancellation.isCancelled: break
        case .failure: known[plain, default: Facts()].countFailed = true
        }
        known[plain]?.counting = false
      }
    }
    thread.name = "postgres count"
    thread.start()
  }
}
