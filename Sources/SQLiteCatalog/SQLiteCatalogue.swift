import CSQLiteSafety
import Foundation
import GRDB
import Locking
import ShopCatalog

/// A catalogue kept in a SQLite file, answering each query in SQL: pages by keyset (`(key, id) > (last key,
/// last id)` on an index, never OFFSET), sort, filter and sections as SQL, search through FTS5 (an imported
/// catalogue) or the catalogue's folding computed in the query (any table opened with `--table`).
///
/// The file is opened read-only (`SQLITE_OPEN_READONLY`), so nothing is ever written to it, and as untrusted
/// input: defensive mode, `trusted_schema=OFF` (a view, trigger, generated column or index of the file runs no
/// function that is not innocuous), no extension loading. Each answer (a page, a measure, the matches) reads in a
/// transaction of its own, one snapshot, and none is held between answers: a writer's checkpoints go on and its
/// WAL does not grow for the viewer. A query's first page (a new query, or `r`) starts its facts (count,
/// sections) again from the database as it is now.
public final class SQLiteCatalogue: CatalogueSource, Sendable {
  public let file: String
  public let pageSize: Int
  let table: CatalogueTable
  let queue: DatabaseQueue
  /// Items in the whole table, as of the last first page.
  public var itemCount: Int { tableCount.withLock { $0 } }
  private let tableCount: Locked<Int>
  /// SQLite's `data_version` when the table was last counted (nil before the first page).
  private let dataVersion = Locked<Int?>(nil)
  /// See ``open(path:table:pageSize:denseRows:)``.
  let denseRows: Int
  /// What queries already cost a pass to learn: their counts and sections, for the last few queries only.
  let facts = Locked(BoundedFacts())
  /// The filter being counted on its thread.
  let countedFilter = Locked<CatalogueQuery?>(nil)
  /// Counts started on their own thread (for the tests: a failed one is not started again on every page).
  let countsStarted = Locked(0)
  /// Search terms found in so many rows that the FTS5 index is not worth reading whole.
  let denseTerms = Locked<[String: Bool]>([:])

  /// A query's result count and, when it groups, its sections in order.
  struct QueryFacts {
    var count: Int?
    /// A thread is counting the result.
    var counting = false
    /// The count failed (the database went away, say): not started again until the query's first page.
    var countFailed = false
    var groups: [Section]?
  }

  /// A section: its value (nil for the items without one), as shown, and its count.
  struct Section: Hashable {
    var value: String?
    var name: String
    var count: Int
  }

  public var latencyMilliseconds: Int { 0 }

  /// Opens `path` read-only: an imported catalogue, or with `table` any table whose columns carry the dataset
  /// field names. Throws, naming the file, when it is missing, not a database, corrupt, locked, or lacks the
  /// table or its columns.
  ///
  /// `denseRows`: a search term in more rows than this is matched row by row as the order is walked, not read
  /// whole from the index; a filter over more rows than this is counted on a thread of its own.
  public static func open(
    path: String, table: String? = nil, pageSize: Int = 50, denseRows: Int = 20_000
  ) throws(SQLiteCatalogueError) -> SQLiteCatalogue {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw SQLiteCatalogueError(file: path, reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw SQLiteCatalogueError(file: path, reason: "a directory, not a database") }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw SQLiteCatalogueError(file: path, reason: "cannot be read (permissions)")
    }
    var configuration = readingConfiguration()
    configuration.label = "waterfall catalogue"
    configuration.prepareDatabase { db in CatalogueFunctions.register(in: db) }
    do {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      let (table, count) = try queue.read { db in
        let table = try CatalogueTable.find(table, in: db, file: path)
        return (table, try Self.count(of: table, in: db))
      }
      return SQLiteCatalogue(
        file: path, table: table, queue: queue, itemCount: count, pageSize: pageSize, denseRows: denseRows)
    } catch let error as SQLiteCatalogueError {
      throw error
    } catch {
      throw SQLiteCatalogueError(file: path, reason: Self.reason(error))
    }
  }

  /// How a catalogue file is read: read-only, distrusting the file; a writer holding it (a rollback-journal write,
  /// an exclusive lock) is waited for 2 s, then said to lock it: never a hang.
  static func readingConfiguration() -> Configuration {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(2)
    configuration.prepareDatabase { db in try Self.distrust(db) }
    return configuration
  }

  private init(
    file: String, table: CatalogueTable, queue: DatabaseQueue, itemCount: Int, pageSize: Int, denseRows: Int
  ) {
    (self.file, self.table, self.queue) = (file, table, queue)
    tableCount = Locked(itemCount)
    self.pageSize = max(1, pageSize)
    self.denseRows = denseRows
  }

  static func count(of table: CatalogueTable, in db: Database) throws -> Int {
    if table.isImported,
      let stored = try String.fetchOne(
        db, sql: "SELECT value FROM waterfall_catalogue WHERE key = ?", arguments: [CatalogueSchema.Key.itemCount]),
      let count = Int(stored)
    {
      return count
    }
    return try Int.fetchOne(db, SQLRequest(literal: "SELECT count(*) FROM \(table.quotedName)")) ?? 0
  }

  /// A database error in words: what a user can do something about, with SQLite's own message.
  static func reason(_ error: any Error) -> String {
    guard let error = error as? DatabaseError else { return "\(error)" }
    let message = error.message ?? "\(error.resultCode)"
    // SQLite calls a schema that uses a function not innocuous "malformed" (`trusted_schema=OFF`).
    if message.contains("unsafe use of") {
      return "the schema runs a function an untrusted file may not (\(message))"
    }
    switch error.resultCode {
    case .SQLITE_NOTADB: return "not a SQLite database"
    case .SQLITE_CORRUPT: return "the database is corrupt (\(message))"
    case .SQLITE_BUSY, .SQLITE_LOCKED: return "the database is locked by another process (\(message))"
    case .SQLITE_CANTOPEN: return "cannot be opened (\(message))"
    case .SQLITE_IOERR: return "cannot be read (\(message))"
    default: return message
    }
  }

  // MARK: - The source

  public var progress: ReadingProgress { .complete(itemsRead: itemCount) }

  /// The fields items can be grouped by: shop, price, title and the extra fields' names.
  public var fields: [ItemField] { [.shop, .price, .title] + table.extraKeys.map { .extra($0) } }

  public func fetch(_ request: CataloguePageRequest) -> CatalogueResponse {
    let cursor =
      request.cursor.flatMap { $0.token.flatMap(KeysetCursor.init(token:)) }
      ?? KeysetCursor(rank: 0, group: 0, lastID: nil, lastKey: .none)
    do {
      return .page(
        try queue.read { db in
          if request.cursor == nil { try startAgain(request.query, db: db) }
          return try page(request.query, after: cursor, in: db)
        })
    } catch {
      return .failure(reason: "\(file): \(Self.reason(error))")
    }
  }

  /// A query's first page (a new query, or a refresh): its facts are learned again, from the database as it is
  /// now; the table's count and every query's facts too when another process has written the file since (its
  /// `data_version` moved: a foreign table's count reads every row, so not for nothing).
  private func startAgain(_ query: CatalogueQuery, db: Database) throws {
    let version = try Int.fetchOne(db, sql: "PRAGMA data_version")
    let changed = dataVersion.withLock { known in
      defer { known = version }
      return known != version
    }
    guard changed else { return facts.withLock { $0.forget(query) } }
    facts.withLock { $0 = BoundedFacts() }
    let count = try Self.count(of: table, in: db)
    tableCount.withLock { $0 = count }
  }

  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
    findMatches(of: pattern, in: query, cancellation: WorkCancellation()) ?? []
  }

  /// Stopped by SQLite itself: its progress handler, set only while this read runs, interrupts the statement
  /// within about 10,000 virtual-machine steps of the cancellation; a page load after it is not touched.
  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery, cancellation: WorkCancellation) -> [Int]? {
    stoppable(by: cancellation) { db in try matchRanks(of: pattern, in: query, db: db) }
  }

  /// Counted in SQL (the rows are not read out), stopped as a search is, and kept for the filter's pages.
  public func countMatches(of pattern: ItemQuery, cancellation: WorkCancellation) -> Int? {
    let query = CatalogueQuery(filter: pattern)
    return stoppable(by: cancellation) { db in
      try resultCount(of: query, filter: try condition(for: query.filter, db: db), db: db, waiting: true)
    } ?? nil
  }

  /// Counted in SQL, a `GROUP BY` of the field's stored value over the query's rows, stopped as a search is.
  public func facet(
    _ field: ItemField, in query: CatalogueQuery, limit: Int, cancellation: WorkCancellation
  ) -> FacetCounts? {
    stoppable(by: cancellation) { db -> FacetCounts in
      let filter = try condition(for: query.filter, db: db)
      let rows = try Row.fetchAll(
        db,
        SQLRequest(
          literal: """
            SELECT CAST(value AS BLOB) AS value, count(*) AS count FROM
              (SELECT \(table.groupValue(field)) AS value FROM \(table.quotedName) WHERE \(filter))
            GROUP BY value
            """))
      var counts: [[UInt8]: Int] = [:]
      var missing = 0
      for row in rows {
        guard let value = row["value"] as Data? else {
          missing = row["count"]
          continue
        }
        counts[Array(value), default: 0] += row["count"] as Int
      }
      return FacetCounts(field: field, counting: counts, missing: missing, limit: limit)
    }
  }

  /// `body`'s answer, read with SQLite's progress handler raised by `cancellation`; nil once cancelled.
  private func stoppable<Answer>(
    by cancellation: WorkCancellation, _ body: (Database) throws -> Answer
  ) -> Answer? {
    let stop = StopFlag()
    let answer = cancellation.whileRunning(stoppedBy: stop.raise) {
      try? queue.read { db in
        let connection = UnsafeMutableRawPointer(db.sqliteConnection)
        wf_sqlite_stop_when(connection, stop.pointer)
        defer { wf_sqlite_stop_when(connection, nil) }
        return try body(db)
      }
    }
    // A statement shorter than the handler's interval ends on its own: its answer is still not wanted.
    return cancellation.isCancelled ? nil : answer
  }

  /// Runs `body` in the session's read (its snapshot, in WAL mode).
  func readAll(_ body: (Database) throws -> Void) throws {
    try queue.read(body)
  }
}

/// The flag a cancellation raises and SQLite's progress handler reads (``wf_sqlite_stop_when``): C memory of its
/// own, so its address holds for as long as the statements run.
private final class StopFlag: Sendable {
  nonisolated(unsafe) let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

  init() { pointer.initialize(to: 0) }
  deinit { pointer.deallocate() }

  @Sendable func raise() { wf_sqlite_raise(pointer) }
}
