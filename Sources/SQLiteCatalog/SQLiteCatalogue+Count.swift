import Foundation
import GRDB
import ShopCatalog

/// A query's result count: the table's, or a filter's counted once (on a thread of its own when it reads every row).
extension SQLiteCatalogue {
  /// Items in the query's result: the table's count without a filter, else counted once and kept. A filter
  /// the index answers is counted at once; one matched row by row over a large table (a common or short term)
  /// is counted, unless `waiting`, on a thread of its own, a range of row ids at a time so that pages asked for
  /// meanwhile wait for one range at most; this page says nil ("not yet"), the pages after it the count.
  func resultCount(of query: CatalogueQuery, filter: SQL, db: Database, waiting: Bool) throws -> Int? {
    guard let pattern = query.filter else { return itemCount }
    let plain = CatalogueQuery(filter: pattern)
    let deferred = try !waiting && itemCount > denseRows && scansRows(pattern, db: db)
    let (known, started) = facts.withLock { facts -> (Int?, Bool) in
      let fact = facts[plain]
      if fact?.count == nil, fact?.counting != true, fact?.countFailed != true, deferred {
        facts[plain, default: QueryFacts()].counting = true
        return (nil, false)
      }
      // A count that failed is not started again on every page: only a first page (``startAgain``) retries it.
      return (fact?.count, fact?.counting == true || fact?.countFailed == true)
    }
    if let known { return known }
    guard deferred else {
      let count =
        try Int.fetchOne(db, SQLRequest(literal: "SELECT count(*) FROM \(table.quotedName) WHERE \(filter)")) ?? 0
      facts.withLock { $0[plain, default: QueryFacts()].count = count }
      return count
    }
    if !started {
      // Only the newest filter is counted: an earlier count stops at its next range (and starts again if its
      // filter is asked for again), so a new search never waits behind an old one's count.
      countedFilter.withLock { $0 = plain }
      countsStarted.withLock { $0 += 1 }
      let thread = Thread { [self] in
        let outcome = Result { try countInRanges(filter) { countedFilter.withLock { $0 } == plain } }
        facts.withLock { facts in
          switch outcome {
          case .success(let count?): facts[plain] = QueryFacts(count: count)
          // Stopped for a newer filter: counted again if this one is asked for again.
          case .success(nil): facts.forget(plain)
          case .failure: facts[plain] = QueryFacts(countFailed: true)
          }
        }
        facts.wakeWaiters()
      }
      thread.name = "catalogue count"
      thread.start()
    }
    return nil
  }

  /// Rows a range of the count reads at a time.
  private static let countRange: Int64 = 8_192

  /// The filter's count, or nil when `stillWanted` says to stop.
  private func countInRanges(_ filter: SQL, stillWanted: () -> Bool) throws -> Int? {
    let id = table.idColumn
    // Each in a subquery of its own: SQLite reads min or max alone from the index's end, but both in one
    // SELECT by a scan of every row (0.9 s at 10^7, a wait for every page asked for meanwhile).
    let bounds = try queue.read { db in
      try Row.fetchOne(
        db,
        SQLRequest(
          literal: "SELECT (SELECT min(\(id)) FROM \(table.quotedName)), (SELECT max(\(id)) FROM \(table.quotedName))"))
    }
    guard let low: Int64 = bounds?[0], let high: Int64 = bounds?[1] else { return 0 }
    var total = 0
    var start = low
    while start <= high {
      guard stillWanted() else { return nil }
      let end = start &+ Self.countRange
      total += try queue.read { db in
        try Int.fetchOne(
          db,
          SQLRequest(
            literal: "SELECT count(*) FROM \(table.quotedName) WHERE \(id) >= \(start) AND \(id) < \(end) AND \(filter)"
          )) ?? 0
      }
      start = end
    }
    return total
  }

  /// Whether `pattern` is matched row by row (a foreign table's always; an imported catalogue's when a term is
  /// short or common, or when words turned round or conditions have no indexed word to narrow the rows first),
  /// so that counting it reads every row.
  private func scansRows(_ pattern: ItemQuery, db: Database) throws -> Bool {
    guard table.isImported else { return true }
    let terms = ItemKeys.terms(of: pattern)
    if try terms.contains(where: { try $0.unicodeScalars.count < 3 || isDense($0, db: db) }) { return true }
    return terms.isEmpty && !pattern.isWordsOnly
  }
}
