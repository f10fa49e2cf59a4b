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
  private let denseTerms = Locked<[String: Bool]>([:])

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
    var configuration = Configuration()
    configuration.readonly = true
    // A writer holding the file (a rollback-journal write, an exclusive lock) is waited for this long, then
    // said to lock it: never a hang.
    configuration.busyMode = .timeout(2)
    configuration.label = "waterfall catalogue"
    configuration.prepareDatabase { db in
      try Self.distrust(db)
      CatalogueFunctions.register(in: db)
    }
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

  public var progress: ReadingProgress {
    var progress = ReadingProgress()
    progress.itemsRead = itemCount
    progress.fraction = 1
    progress.isComplete = true
    return progress
  }

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
    (try? queue.read { db in try matchRanks(of: pattern, in: query, db: db) }) ?? []
  }

  /// Measures a stretch of the result by keyset, as pages are read: each row's picture size and title in the
  /// order's index, and a page's cursor every ``pageSize`` rows (the keyset of the row before it), so any page
  /// of the result can be fetched afterwards without reading the ones before. An imported catalogue without
  /// sections only: a foreign table's pages leave out rows the item decoder cannot use, which would shift the
  /// ranks, and sections load as they come.
  public func measure(_ request: MeasureRequest) -> MeasureResponse {
    guard table.isImported else { return .unavailable(reason: "a table opened with --table is not measured") }
    guard request.query.grouping == nil else { return .unavailable(reason: "sections load as they come") }
    let from =
      request.from.flatMap { $0.token.flatMap(KeysetCursor.init(token:)) }
      ?? KeysetCursor(rank: 0, group: 0, lastID: nil, lastKey: .none)
    let limit = max(1, (request.limit + pageSize - 1) / pageSize) * pageSize
    let key = sortKey(request.query.order)
    let keyColumn: SQL = key ?? "NULL"
    do {
      return try queue.read { db in
        let filter = try condition(for: request.query.filter, db: db)
        let total = try resultCount(of: request.query, filter: filter, db: db, waiting: true) ?? 0
        let rows = try Row.fetchCursor(
          db,
          SQLRequest(
            literal: """
              SELECT id, w, h, title, \(keyColumn) FROM items WHERE \(filter) AND \(after(from, key: key))
              ORDER BY \(ordering(key)) LIMIT \(limit + 1)
              """))
        var shapes = MeasuredShapes()
        shapes.reserveCapacity(min(limit, total))
        var starts: [PageCursor?] = []
        // The last row's id and key, made into a cursor only where a page starts after it (a row's cursor for
        // each of 10^6 rows was a tenth of G's time).
        var last: (id: Int64, key: DatabaseValue)?
        func cursorAfterLast() -> PageCursor? {
          guard let last else { return from.lastID == nil ? nil : request.from }
          let cursor = KeysetCursor(
            rank: from.rank + shapes.count, group: 0, lastID: last.id, lastKey: KeysetCursor.Key(last.key))
          return PageCursor(token: cursor.token)
        }
        var more = false
        while let row = try rows.next() {
          if shapes.count == limit {
            more = true
            break
          }
          if shapes.count % pageSize == 0 { starts.append(cursorAfterLast()) }
          let title: String = row[3] ?? ""
          shapes.append(width: row[1] ?? 1, height: row[2] ?? 1, titleUTF8: title.utf8)
          last = (row[0], row[4])
        }
        return .stretch(
          MeasuredStretch(
            items: shapes, pageSize: pageSize, pageStarts: starts, next: more ? cursorAfterLast() : nil,
            resultCount: total))
      }
    } catch {
      return .failure(reason: "\(file): \(Self.reason(error))")
    }
  }

  /// Runs `body` in the session's read (its snapshot, in WAL mode).
  func readAll(_ body: (Database) throws -> Void) throws {
    try queue.read(body)
  }

  // MARK: - SQL

  /// The sort key of an order (nil: the row id alone, the order imported).
  func sortKey(_ order: ItemOrder) -> SQL? {
    switch order {
    case .dataset: nil
    case .priceAscending: table.priceUp
    case .priceDescending: table.priceDown
    case .title: table.titleKey
    }
  }

  /// `pattern`'s condition on a row: every folded term in one field of its folded search text. An imported
  /// catalogue finds a term of three characters or more through its FTS5 trigram index when the term is rare;
  /// a common term (likely in more than ``denseRows`` rows) and a shorter one (the index
  /// cannot) are matched in the folded text row by row as the order's index is walked, which the page's LIMIT
  /// cuts short: a common term fills a page within a few rows.
  func condition(for pattern: ItemQuery?, db: Database) throws -> SQL {
    guard let pattern, !pattern.isEmpty else { return "1" }
    let terms = ItemKeys.terms(of: pattern)
    guard table.isImported else {
      let text = table.searchText!
      return terms.map { "instr(\(text), \($0)) > 0" as SQL }.joined(separator: " AND ")
    }
    var indexed: [String] = []
    var scanned: [String] = []
    for term in terms {
      if term.unicodeScalars.count >= 3, try !isDense(term, db: db) {
        indexed.append(term)
      } else {
        scanned.append(term)
      }
    }
    var parts: [SQL] = []
    if !indexed.isEmpty {
      let phrases = indexed.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        .joined(separator: " ")
      parts.append("id IN (SELECT rowid FROM items_search WHERE items_search MATCH \(phrases))")
    }
    if !scanned.isEmpty {
      let found = scanned.map { "instr(s.text, \($0)) > 0" as SQL }.joined(separator: " AND ")
      parts.append("EXISTS (SELECT 1 FROM items_search AS s WHERE s.rowid = items.id AND \(found))")
    }
    return parts.joined(separator: " AND ")
  }

  /// Rows of the search table a term's density is estimated from.
  private static let densitySample = 2_000

  /// Whether `term` (three characters or more) is likely in more than ``denseRows`` rows, estimated from the
  /// first rows of the search table (reading the index's own counts would read the term's whole row list).
  func isDense(_ term: String, db: Database) throws -> Bool {
    if itemCount <= denseRows { return false }
    if let known = denseTerms.withLock({ $0[term] }) { return known }
    let sample = Self.densitySample
    let found =
      try Int.fetchOne(
        db,
        sql: "SELECT count(*) FROM (SELECT text FROM items_search LIMIT ?) WHERE instr(text, ?) > 0",
        arguments: [sample, term]) ?? 0
    let dense = found * itemCount > denseRows * min(sample, itemCount)
    denseTerms.withLock { $0[term] = dense }
    return dense
  }

  private func ordering(_ key: SQL?) -> SQL {
    key.map { "\($0), \(table.idColumn)" } ?? table.idColumn
  }

  /// Rows after the cursor's within `where`, in the order's keyset.
  private func after(_ cursor: KeysetCursor, key: SQL?) -> SQL {
    guard let lastID = cursor.lastID else { return "1" }
    guard let key else { return "\(table.idColumn) > \(lastID)" }
    return "(\(key), \(table.idColumn)) > (\(cursor.lastKey.databaseValue), \(lastID))"
  }

  /// A page's statement: the rows after the cursor's in the order's keyset, as many as `limit`.
  private func pageStatement(where filter: SQL, after cursor: KeysetCursor, key: SQL?, limit: Int) -> SQL {
    let keyColumn: SQL = key ?? "NULL"
    return """
      SELECT \(table.idColumn), \(table.selection), \(keyColumn) FROM \(table.quotedName)
      WHERE \(filter) AND \(after(cursor, key: key))
      ORDER BY \(ordering(key)) LIMIT \(limit)
      """
  }

  private func rows(
    where filter: SQL, after cursor: KeysetCursor, key: SQL?, limit: Int, db: Database
  ) throws -> [Row] {
    try Row.fetchAll(db, SQLRequest(literal: pageStatement(where: filter, after: cursor, key: key, limit: limit)))
  }

  /// Items in `query`'s result, counted now if need be (what the pages carry once known).
  public func resultCount(of query: CatalogueQuery) throws -> Int {
    try queue.read { db in
      try resultCount(of: query, filter: try condition(for: query.filter, db: db), db: db, waiting: true) ?? 0
    }
  }

  /// SQLite's plan for a page of `query` after its first (for tests: which index it searches).
  public func queryPlan(_ query: CatalogueQuery) throws -> String {
    let cursor = KeysetCursor(
      rank: 1, group: 0, lastID: 1, lastKey: query.order == .title ? .bytes([0x61]) : .number(1))
    return try queue.read { db in
      let statement = pageStatement(
        where: try condition(for: query.filter, db: db), after: cursor, key: sortKey(query.order), limit: pageSize)
      return try Row.fetchAll(db, SQLRequest(literal: "EXPLAIN QUERY PLAN \(statement)")).map { $0["detail"] as String }
        .joined(separator: "\n")
    }
  }

  /// The names of the table's indexes.
  public func indexNames() throws -> Set<String> {
    try queue.read { db in Set(try db.indexes(on: table.name).map(\.name)) }
  }

  private func page(_ query: CatalogueQuery, after cursor: KeysetCursor, in db: Database) throws -> CataloguePage {
    let key = sortKey(query.order)
    let filter = try condition(for: query.filter, db: db)
    let keyIndex = table.isImported ? 8 : table.fieldColumns.count + 1
    func cursorAfter(_ row: Row, rank: Int, group: Int) -> KeysetCursor {
      KeysetCursor(rank: rank, group: group, lastID: row[0], lastKey: KeysetCursor.Key(row[keyIndex]))
    }
    guard let grouping = query.grouping else {
      let found = try rows(where: filter, after: cursor, key: key, limit: pageSize + 1, db: db)
      let shown = Array(found.prefix(pageSize))
      let next = found.count > pageSize ? cursorAfter(shown.last!, rank: cursor.rank + shown.count, group: 0) : nil
      return makePage(
        shown, groups: [], next: next, count: try resultCount(of: query, filter: filter, db: db, waiting: false))
    }
    let sections = try self.sections(of: query, grouping: grouping, key: key, filter: filter, db: db)
    var shown: [Row] = []
    var runs: [GroupRun] = []
    var position = cursor
    while shown.count < pageSize, position.group < sections.count {
      let section = sections[position.group]
      let inSection: SQL = "\(filter) AND \(table.groupValue(grouping)) IS \(section.value)"
      let found = try rows(where: inSection, after: position, key: key, limit: pageSize - shown.count, db: db)
      if !found.isEmpty {
        runs.append(
          GroupRun(ordinal: position.group, name: section.name, totalCount: section.count, count: found.count))
        shown += found
        position = cursorAfter(found.last!, rank: position.rank + found.count, group: position.group)
      }
      if found.isEmpty || position.rank == sections[...position.group].reduce(0, { $0 + $1.count }) {
        position = KeysetCursor(rank: position.rank, group: position.group + 1, lastID: nil, lastKey: .none)
      }
    }
    let total = sections.reduce(0) { $0 + $1.count }
    return makePage(shown, groups: runs, next: position.rank < total ? position : nil, count: total)
  }

  private func makePage(_ rows: [Row], groups: [GroupRun], next: KeysetCursor?, count: Int?) -> CataloguePage {
    var items: [ShopItem] = []
    var ids: [ItemID] = []
    for row in rows {
      // A row of a foreign table the item decoder cannot use is left out (`waterfall check` lists them).
      guard let item = table.item(from: row) else { continue }
      items.append(item)
      ids.append(ItemID(Int(row[0] as Int64) - 1))
    }
    return CataloguePage(
      items: items, ids: ids, groups: groups, next: next.map { PageCursor(token: $0.token) }, resultCount: count)
  }

  /// A grouped query's sections, in the order of their first item in the query's order (the items without a
  /// value last), found in one pass and kept.
  func sections(
    of query: CatalogueQuery, grouping: ItemField, key: SQL?, filter: SQL, db: Database
  ) throws -> [Section] {
    if let known = facts.withLock({ $0[query]?.groups }) { return known }
    var order: [String] = []
    var counts: [String: Int] = [:]
    var withoutValue = 0
    let values = try String?.fetchCursor(
      db,
      SQLRequest(
        literal: """
          SELECT \(table.groupValue(grouping)) FROM \(table.quotedName) WHERE \(filter) ORDER BY \(ordering(key))
          """))
    while let value = try values.next() {
      guard let value else {
        withoutValue += 1
        continue
      }
      if let count = counts[value] {
        counts[value] = count + 1
      } else {
        counts[value] = 1
        order.append(value)
      }
    }
    var sections = order.map { Section(value: $0, name: $0, count: counts[$0]!) }
    if withoutValue > 0 { sections.append(Section(value: nil, name: "(no \(grouping.name))", count: withoutValue)) }
    facts.withLock { $0[query, default: QueryFacts()].groups = sections }
    return sections
  }

  /// The ranks in the query's result of the rows that match `pattern`: the result's ids walked in order.
  private func matchRanks(of pattern: ItemQuery, in query: CatalogueQuery, db: Database) throws -> [Int] {
    if pattern.isEmpty { return [] }
    let key = sortKey(query.order)
    let filter = try condition(for: query.filter, db: db)
    let matching = try condition(for: pattern, db: db)
    if table.isImported, query.isReadingOrder {
      // Imported ids are 1, 2, … in order: a match's rank is its id less one.
      return try Int.fetchAll(db, SQLRequest(literal: "SELECT id - 1 FROM items WHERE \(matching) ORDER BY id"))
    }
    // Each row of the result in order, with whether it matches: the matching ids are never gathered into memory.
    var ranks: [Int] = []
    var rank = 0
    func walk(_ condition: SQL) throws {
      let matches = try Bool.fetchCursor(
        db,
        SQLRequest(
          literal: """
            SELECT (\(matching)) FROM \(table.quotedName) WHERE \(condition) ORDER BY \(ordering(key))
            """))
      while let matches = try matches.next() {
        if matches { ranks.append(rank) }
        rank += 1
      }
    }
    if let grouping = query.grouping {
      for section in try sections(of: query, grouping: grouping, key: key, filter: filter, db: db) {
        try walk("\(filter) AND \(table.groupValue(grouping)) IS \(section.value)")
      }
    } else {
      try walk(filter)
    }
    return ranks
  }
}
