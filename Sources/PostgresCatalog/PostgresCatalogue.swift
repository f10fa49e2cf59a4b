import Foundation
import Locking
import PostgresNIO
import ShopCatalog

/// A catalogue `waterfall import` wrote to a PostgreSQL server, answering each query in SQL on the server: pages by
/// keyset (`(key, id) > ($1, $2)` on an index, never OFFSET), sort, search, sections, counts and ranks as SQL,
/// every value bound. The session is `default_transaction_read_only`: viewing writes nothing.
public final class PostgresCatalogue: CatalogueSource, Sendable {
  let session: PostgresSession
  /// What its statements read FROM: `items`, or a shop's own table as `items` (``PostgresShopTable``).
  let rows: String
  /// The shop's own table the rows are (nil: a catalogue `waterfall import` made).
  let shopTable: String?
  /// A catalogue `waterfall import` made: its search text folded, its trigger and packed shapes there.
  var isImported: Bool { shopTable == nil }
  public let pageSize: Int
  /// The extra fields' names, as imported.
  public let extraKeys: [String]
  private let tableCount: Locked<Int>
  /// Counts and sections of the last queries asked (a first page learns them again).
  let factsStore = Locked<[CatalogueQuery: Facts]>([:])
  /// Rows other clients added since the result shown was read (``watchAddedRows()`` counts them).
  let added = Locked(AddedRows())
  /// Counts the rows other clients add, once the viewer opened the catalogue.
  let watch = Locked<PostgresWatch?>(nil)
  /// The table size above which a filter's count is left to a thread (``countsAtOnceUpTo``).
  let counter = Locked(Counter())

  struct Facts {
    var count: Int?
    /// A thread is counting the result (``count(_:waiting:)``); or its count failed.
    var counting = false
    var countFailed = false
    var sections: [Section]?
  }

  /// A section: its value (nil for the items without one), as shown, and its count.
  struct Section: Hashable {
    var value: String?
    var name: String
    var count: Int
  }

  public var address: String { session.address.description }
  /// The header's name and the problems' file: the address, and a shop table's name.
  public var name: String { shopTable.map { "\(address) (table \($0))" } ?? address }
  /// The table's rows: the import's count and the rows added after it; for a shop's table, its count once made,
  /// the server's estimate before (``count(_:waiting:)``).
  public var itemCount: Int { shopTableCount ?? tableCount.withLock { $0 } }

  /// A shop table's `count(*)`, once counted (``count(_:waiting:)``).
  private var shopTableCount: Int? {
    isImported ? nil : factsStore.withLock { $0[CatalogueQuery()]?.count }
  }
  public var latencyMilliseconds: Int { 0 }

  /// How long the viewer waits for a statement's answer before it takes the connection for lost: longer than any
  /// of its statements takes at 10^7 rows (a section list, a search's ranks: a few seconds).
  public static let answerDeadline = Duration.seconds(30)

  /// The statements whose time grows with the table (a result's sections, ranks, matches, measures and counts:
  /// seconds at 10^7 rows) run on a connection of their own (``longStatements()``), so a page never waits behind
  /// one, with a deadline of their own: the server ends one at ``longStatementTimeout``, and the viewer takes the
  /// connection for lost a little after.
  static let longStatementTimeout = Duration.seconds(240)
  static let longAnswerDeadline = Duration.seconds(250)
  /// The long statements' connection, made when the first is asked.
  private let longSession = Locked<PostgresSession?>(nil)
  /// The count running on a thread of its own (``count(_:waiting:)``), cancelled by the next.
  let backgroundCount = Locked<WorkCancellation?>(nil)

  /// Connects (read-only) to the database `text` names and reads its catalogue's description. Throws one line
  /// naming the address, without its password: it cannot be read, refused, or holds no catalogue. A statement
  /// unanswered for `answerDeadline` is asked again on a new connection, then fails.
  public static func open(
    address text: String, schema: String = PostgresSchema.defaultSchema, pageSize: Int = 50,
    answerDeadline: Duration = answerDeadline
  ) throws(PostgresFailure) -> PostgresCatalogue {
    var address = try PostgresAddress.reading(text)
    address.schema = schema
    let session = try PostgresSession.connect(address, readOnly: true, answerDeadline: answerDeadline)
    do {
      var metadata: [String: String] = [:]
      for row in try session.rows("SELECT key, value FROM waterfall_catalogue") {
        let (key, value) = try row.decode((String, String).self)
        metadata[key] = value
      }
      guard metadata[PostgresSchema.Key.format] == PostgresSchema.formatVersion,
        let count = metadata[PostgresSchema.Key.itemCount].flatMap(Int.init)
      else {
        throw PostgresFailure(
          address: address.description, reason: "\(schema).waterfall_catalogue is not a catalogue's")
      }
      let keys =
        metadata[PostgresSchema.Key.extraKeys].flatMap {
          try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String]
        } ?? []
      return PostgresCatalogue(
        session: session, rows: "items", shopTable: nil, pageSize: pageSize, extraKeys: keys, itemCount: count)
    } catch let failure as PostgresFailure {
      session.close()
      throw failure
    } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
      let standing = try? PostgresSchema.standing(of: schema, in: session)
      session.close()
      if standing == .barred {
        throw PostgresFailure(
          address: address.description,
          reason: "this role may not use schema \(schema) (the catalogue's owner can GRANT USAGE ON SCHEMA \(schema))")
      }
      throw PostgresFailure(
        address: address.description,
        reason:
          "no catalogue in schema \(schema) of this database (no table \(schema).waterfall_catalogue; waterfall import makes one)"
      )
    } catch {
      session.close()
      throw PostgresFailure(address: address.description, reason: PostgresSession.reason(error, address: address))
    }
  }

  init(
    session: PostgresSession, rows: String, shopTable: String?, pageSize: Int, extraKeys: [String], itemCount: Int
  ) {
    (self.session, self.rows, self.shopTable, self.extraKeys) = (session, rows, shopTable, extraKeys)
    self.pageSize = max(1, pageSize)
    tableCount = Locked(itemCount)
  }

  deinit {
    backgroundCount.withLock { $0 }?.cancel()
    watch.withLock { $0?.stop() }
    session.closeSoon()
    longSession.withLock { $0?.closeSoon() }
  }

  /// The connection long statements run on, made on first use.
  func longStatements() throws -> PostgresSession {
    try longSession.withLock { made in
      if let made { return made }
      let session = try Self.longStatementsSession(self.session.address)
      made = session
      return session
    }
  }

  /// A new connection for long statements, with their deadlines.
  static func longStatementsSession(_ address: PostgresAddress) throws(PostgresFailure) -> PostgresSession {
    try PostgresSession.connect(
      address, readOnly: true, answerDeadline: longAnswerDeadline, statementTimeout: longStatementTimeout)
  }

  /// Every item is there; the rows other clients added since the result shown was read are news.
  public var progress: ReadingProgress {
    var progress = ReadingProgress.complete(itemsRead: itemCount)
    // A shop table's size is the server's estimate until it is counted: not said as its size meanwhile.
    if !isImported, shopTableCount == nil { progress.readsOnDemand = true }
    progress.newItems = added.withLock { $0.count }
    return progress
  }

  /// Starts counting the rows other clients add (``PostgresWatch``), on a connection of its own made
  /// `connectDelay` seconds later (half a second unless said), that ``stopWatching()`` or the catalogue's end closes.
  public func watchAddedRows(connectDelay: Double? = nil) {
    watch.withLock { watch in
      if watch == nil {
        watch = PostgresWatch.start(
          session.address, rows: rows, imported: isImported, counting: added,
          after: connectDelay ?? PostgresWatch.connectDelaySeconds,
          answerDeadline: session.answerDeadline)
      }
    }
  }

  /// Stops counting added rows and closes the watch's connection.
  public func stopWatching() {
    watch.withLock { watch in
      watch?.stop()
      watch = nil
    }
  }

  public var fields: [ItemField] { [.shop, .price, .title] + extraKeys.map { .extra($0) } }

  public func fetch(_ request: CataloguePageRequest) -> CatalogueResponse {
    let cursor = request.cursor.flatMap { $0.token.flatMap(KeysetCursor.init(token:)) } ?? .start
    do {
      if request.cursor == nil { try startAgain(request.query) }
      return .page(try page(request.query, after: cursor))
    } catch {
      return .failure(reason: failure(error).description)
    }
  }

  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
    findMatches(of: pattern, in: query, cancellation: WorkCancellation()) ?? []
  }

  /// Stopped on the server: a cancellation while the statement runs asks the server to cancel it
  /// (``PostgresSession/cancelRunningStatement()``), so no superseded search keeps a backend busy.
  public func findMatches(of pattern: ItemQuery, in query: CatalogueQuery, cancellation: WorkCancellation) -> [Int]? {
    onLongStatements(cancellation) { long in
      try matchRanks(of: pattern, in: query, on: long, cancellation: cancellation)
    }
  }

  /// `body`'s answer on the long statements' connection, its running statement cancelled on the server by
  /// `cancellation`; nil once cancelled, or when the statement fails.
  private func onLongStatements<Answer>(
    _ cancellation: WorkCancellation, _ body: (PostgresSession) throws -> Answer
  ) -> Answer? {
    guard !cancellation.isCancelled, let long = try? longStatements() else { return nil }
    let answer = cancellation.whileRunning(stoppedBy: long.cancelRunningStatement) { try? body(long) }
    return cancellation.isCancelled ? nil : answer
  }

  /// `count(*)` on the server, on the long statements' connection, cancelled there as a search is; kept, so the
  /// filter's pages find it known.
  public func countMatches(of pattern: ItemQuery, cancellation: WorkCancellation) -> Int? {
    let plain = CatalogueQuery(filter: pattern)
    // The filter's first page may have started the same count on a thread of its own: its answer is awaited.
    while factsStore.withLock({ $0[plain]?.counting == true }), !cancellation.isCancelled {
      Thread.sleep(forTimeInterval: 0.005)
    }
    if let known = factsStore.withLock({ $0[plain]?.count }) { return known }
    let count = onLongStatements(cancellation) { long in
      try Self.countNow(plain, in: rows, folded: isImported, session: long, cancellation: cancellation)
    }
    guard let count else { return nil }
    remember(plain) { $0.count = count }
    return count
  }

  /// A `GROUP BY` of the field's section value on the server, on the long statements' connection, cancelled there
  /// as a search is.
  public func facet(
    _ field: ItemField, in query: CatalogueQuery, limit: Int, cancellation: WorkCancellation
  ) -> FacetCounts? {
    var statement = PostgresStatement("SELECT value, count(*) FROM (SELECT ")
    statement.append(groupValue(field))
    statement.append(" AS value FROM \(rows) WHERE ")
    statement.append(condition(for: query.filter))
    statement.append(") AS facet GROUP BY value")
    let query = statement.query
    guard let groups = onLongStatements(cancellation, { try $0.rows(query, cancellation: cancellation) })
    else { return nil }
    var counts: [[UInt8]: Int] = [:]
    var missing = 0
    for row in groups {
      guard let (value, count) = try? row.decode((String?, Int64).self) else { return nil }
      if let value { counts[Array(value.utf8), default: 0] += Int(count) } else { missing += Int(count) }
    }
    return FacetCounts(field: field, counting: counts, missing: missing, limit: limit)
  }

  public func rank(of item: ItemID, in query: CatalogueQuery) -> Int? {
    (try? rank(ofRow: Int64(item.rawValue) + 1, in: query)) ?? nil
  }

  /// Items in `query`'s result, counted now if need be.
  public func resultCount(of query: CatalogueQuery) throws(PostgresFailure) -> Int {
    do { return try count(query, waiting: true) ?? 0 } catch { throw failure(error) }
  }

  func failure(_ error: any Error) -> PostgresFailure {
    error as? PostgresFailure
      ?? PostgresFailure(address: address, reason: PostgresSession.reason(error, address: session.address))
  }

  /// A query's first page (a new query, or `r`): its facts learned again from the server as it is now; the
  /// table's count is the import's and the rows added after it, and nothing added is news any more.
  private func startAgain(_ query: CatalogueQuery) throws {
    factsStore.withLock { known in
      known[query] = nil
      known[CatalogueQuery(filter: query.filter)] = nil
      if known.count > 16 { known = [:] }
    }
    // The newest id is read before the page, so a row committed in between is announced rather than missed.
    guard let row = try session.rows(shopTable.map(estimateAndNewest) ?? Self.importedCountAndNewest).first else {
      return
    }
    let (count, newest) = try row.decode((Int64, Int64).self)
    tableCount.withLock { $0 = max(0, Int(count)) }
    added.withLock { $0 = AddedRows(after: newest, filter: query.filter) }
  }

  /// A shop table's rows as the server estimates them (-1: never analysed), and its newest id: an index's first
  /// entry, where counting 10^7 rows would hold the first page a second.
  private func estimateAndNewest(_ table: String) -> PostgresQuery {
    var statement = PostgresStatement("SELECT coalesce((SELECT reltuples::int8 FROM pg_class WHERE oid = to_regclass(")
    statement.bind(PostgresForeignTable.quoted(table))
    statement.append(")), -1), (SELECT coalesce(max(id), 0)::int8 FROM \(rows))")
    return statement.query
  }

  /// An imported catalogue's count: the import's, and the rows added after it (or its last append), which have
  /// larger ids than it counted through; and the newest id.
  private static var importedCountAndNewest: PostgresQuery {
    """
    SELECT stored + (SELECT count(*) FROM items WHERE id > through), (SELECT coalesce(max(id), 0) FROM items)
    FROM (
      SELECT n.value::int8 AS stored, coalesce(t.value::int8, n.value::int8) AS through
      FROM waterfall_catalogue AS n
      LEFT JOIN waterfall_catalogue AS t ON t.key = \(PostgresSchema.Key.countedThrough)
      WHERE n.key = \(PostgresSchema.Key.itemCount)
    ) AS c
    """
  }

  // MARK: - SQL

  /// The sort key's column (nil: the id alone, the order imported).
  func sortKey(_ order: ItemOrder) -> String? { Self.sortColumn(order) }

  static func sortColumn(_ order: ItemOrder) -> String? {
    switch order {
    case .dataset: nil
    case .priceAscending: "price_up"
    case .priceDescending: "price_down"
    case .title: "title_key"
    }
  }

  func ordering(_ key: String?) -> String { key.map { "\($0), id" } ?? "id" }

  /// A section's value of a row: the stored one, NULL when blank.
  func groupValue(_ field: ItemField) -> Fragment { Self.groupValue(field) }

  static func groupValue(_ field: ItemField) -> Fragment {
    switch field {
    case .shop: { $0.append("shop_group") }
    case .price: { $0.append("price_group") }
    case .title: { $0.append("title_group") }
    case .extra(let key):
      { statement in
        statement.append("(extra_group ->> ")
        statement.bind(key)
        statement.append(")")
      }
    }
  }

  /// `pattern`'s condition: every folded term somewhere in the folded search text (a LIKE that pg_trgm's index
  /// answers where the server has it), no word turned round there, and every condition on a field met. A shop
  /// table's search text is only lower-cased by the server (``PostgresShopTable``): its terms are the pattern's
  /// words as typed, lower-cased by the server alike.
  static func condition(for pattern: ItemQuery?, folded: Bool) -> Fragment {
    guard let pattern, !pattern.isEmpty else { return { $0.append("TRUE") } }
    let terms = folded ? ItemKeys.terms(of: pattern) : pattern.plainWords
    let excluded = folded ? ItemKeys.excludedTerms(of: pattern) : pattern.plainExcludedWords
    let fields = pattern.conditions.map { fieldCondition($0, folded: folded) }
    return { statement in
      var first = true
      func and() {
        if !first { statement.append(" AND ") }
        first = false
      }
      for (term, like) in terms.map({ ($0, "LIKE") }) + excluded.map({ ($0, "NOT LIKE") }) {
        and()
        statement.append(folded ? "search \(like) " : "search \(like) lower(")
        statement.bind("%" + Self.likeEscaped(term) + "%")
        if !folded { statement.append(")") }
      }
      for field in fields {
        and()
        statement.append(field)
      }
    }
  }

  /// A condition on a field (``FieldCondition``): an imported catalogue's by its own rules (`waterfall_fold`,
  /// `waterfall_price_up`), a shop table's by the server's (`lower`, the first number); a price by the stored
  /// value the order uses. An item without the field does not meet it, and so is kept by the condition turned
  /// round.
  static func fieldCondition(_ condition: FieldCondition, folded: Bool) -> Fragment {
    // The value as a section holds it: a blank one is none.
    let value = groupValue(condition.field)
    let number: Fragment = { statement in
      if condition.field == .price {
        statement.append("price_up")
      } else if folded {
        statement.append("waterfall_price_up(")
        statement.append(value)
        statement.append(")")
      } else {
        statement.append(PostgresShopTable.firstNumber(of: value))
      }
    }
    // An imported catalogue folds as the file rules do; a shop table's text is only lower-cased, both sides.
    let fold = folded ? "waterfall_fold(" : "lower("
    func typed(_ alternative: FieldCondition.Alternative, _ statement: inout PostgresStatement) {
      if folded {
        statement.bind(alternative.foldedText)
      } else {
        statement.append("lower(")
        statement.bind(alternative.typedValue)
        statement.append(")")
      }
    }
    return { statement in
      statement.append(condition.isNegated ? "NOT coalesce((" : "coalesce((")
      for (place, alternative) in condition.alternatives.enumerated() {
        statement.append(place == 0 ? "(" : ") OR (")
        switch alternative.test {
        case .holds:
          statement.append("strpos(\(fold)")
          statement.append(value)
          statement.append("), ")
          typed(alternative, &statement)
          statement.append(") > 0")
        case .equals:
          statement.append(fold)
          statement.append(value)
          statement.append(") = ")
          typed(alternative, &statement)
        case .number(let range):
          statement.append(number)
          statement.append(" < 'Infinity'::float8")
          for (bound, comparison) in [
            (range.lower, range.includesLower ? ">=" : ">"), (range.upper, range.includesUpper ? "<=" : "<"),
          ] {
            guard let bound else { continue }
            statement.append(" AND ")
            statement.append(number)
            statement.append(" \(comparison) ")
            statement.bind(bound)
            statement.append("::float8")
          }
        }
      }
      statement.append(")), FALSE)")
    }
  }

  /// `pattern`'s condition over this catalogue's search text.
  func condition(for pattern: ItemQuery?) -> Fragment { Self.condition(for: pattern, folded: isImported) }

  static func likeEscaped(_ term: String) -> String {
    var out = ""
    for character in term {
      if character == "\\" || character == "%" || character == "_" { out.append("\\") }
      out.append(character)
    }
    return out
  }

  /// The rows after the cursor's in the order's keyset.
  func after(_ cursor: KeysetCursor, key: String?) -> Fragment {
    let rows = self.rows
    return { statement in
      guard let lastID = cursor.lastID else { return statement.append("TRUE") }
      switch (key, cursor.lastKey) {
      case (let key?, .number(let value)):
        statement.append("(\(key), id) > (")
        statement.bind(value)
        statement.append("::float8, ")
      case (let key?, .bytes(let bytes)):
        statement.append("(\(key), id) > (")
        statement.bind(ByteBuffer(bytes: bytes))
        statement.append("::bytea, ")
      case (let key?, .none):
        // A cursor of a measured stretch holds the id alone: the server reads the row's key again by it.
        statement.append("(\(key), id) > (SELECT \(key), id FROM \(rows) WHERE id = ")
      default:
        statement.append("(id) > (")
      }
      statement.bind(lastID)
      statement.append("::int8)")
    }
  }

  /// `filter` and, with a section, the section's value.
  func within(_ query: CatalogueQuery, section: Section?) -> Fragment {
    let filter = condition(for: query.filter)
    return { statement in
      statement.append(filter)
      guard let section, let grouping = query.grouping else { return }
      statement.append(" AND ")
      statement.append(self.groupValue(grouping))
      statement.append(" IS NOT DISTINCT FROM ")
      statement.bind(section.value)
    }
  }
}
