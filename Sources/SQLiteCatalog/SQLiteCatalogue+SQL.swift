import GRDB
import ShopCatalog

/// The SQL a query becomes: its sort key, its search condition, and a page's statement on the order's keyset.
extension SQLiteCatalogue {
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
    var parts = try wordsCondition(ItemKeys.terms(of: pattern), db: db)
    for term in ItemKeys.excludedTerms(of: pattern) {
      if let text = table.searchText {
        parts.append("instr(\(text), \(term)) = 0")
      } else {
        parts.append(
          "NOT EXISTS (SELECT 1 FROM items_search AS s WHERE s.rowid = items.id AND instr(s.text, \(term)) > 0)")
      }
    }
    parts += pattern.conditions.map(condition(for:))
    return parts.isEmpty ? "1" : parts.joined(separator: " AND ")
  }

  /// The free words: each somewhere in the folded search text (an imported catalogue's FTS5 index answers the
  /// words it is worth asking about).
  private func wordsCondition(_ terms: [String], db: Database) throws -> [SQL] {
    guard !terms.isEmpty else { return [] }
    guard table.isImported else {
      let text = table.searchText!
      return terms.map { "instr(\(text), \($0)) > 0" as SQL }
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
    return parts
  }

  /// A condition on a field (``FieldCondition``), by the catalogue's own rules (``CatalogueFunctions``); an
  /// imported catalogue's price by its stored value, which its index answers. An item without the field does
  /// not meet it, and so is kept by the condition turned round.
  private func condition(for condition: FieldCondition) -> SQL {
    let value = table.fieldValue(condition.field)
    let met = condition.alternatives.map { alternative -> SQL in
      switch alternative.test {
      case .holds:
        return "instr(waterfall_fold(\(value)), \(alternative.foldedText!)) > 0"
      case .equals:
        return "waterfall_fold(\(value)) = \(alternative.foldedText!)"
      case .number(let range):
        let number: SQL = table.isImported && condition.field == .price ? "price_up" : "waterfall_number(\(value))"
        var bounds: [SQL] = ["\(number) < 9e999"]
        if let lower = range.lower {
          bounds.append(range.includesLower ? "\(number) >= \(lower)" : "\(number) > \(lower)")
        }
        if let upper = range.upper {
          bounds.append(range.includesUpper ? "\(number) <= \(upper)" : "\(number) < \(upper)")
        }
        return "(" + bounds.joined(separator: " AND ") + ")"
      }
    }.joined(separator: " OR ")
    return condition.isNegated ? "NOT coalesce((\(met)), 0)" : "coalesce((\(met)), 0)"
  }

  /// Rows of the search table a term's density is estimated from.
  static let densitySample = 2_000

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

  func ordering(_ key: SQL?) -> SQL {
    key.map { "\($0), \(table.idColumn)" } ?? table.idColumn
  }

  /// Rows after the cursor's within `where`, in the order's keyset.
  func after(_ cursor: KeysetCursor, key: SQL?) -> SQL {
    guard let lastID = cursor.lastID else { return "1" }
    guard let key else { return "\(table.idColumn) > \(lastID)" }
    // A page start measured from the packed shapes names only its row: the key is that row's.
    if table.isImported, cursor.lastKey == .none {
      return "(\(key), id) > ((SELECT \(key) FROM items WHERE id = \(lastID)), \(lastID))"
    }
    return "(\(key), \(table.idColumn)) > (\(cursor.lastKey.databaseValue), \(lastID))"
  }

  /// A page's statement: the rows after the cursor's in the order's keyset, as many as `limit`.
  func pageStatement(where filter: SQL, after cursor: KeysetCursor, key: SQL?, limit: Int) -> SQL {
    let keyColumn: SQL = key ?? "NULL"
    return """
      SELECT \(table.idColumn), \(table.selection), \(keyColumn) FROM \(table.quotedName)
      WHERE \(filter) AND \(after(cursor, key: key))
      ORDER BY \(ordering(key)) LIMIT \(limit)
      """
  }

  func rows(
    where filter: SQL, after cursor: KeysetCursor, key: SQL?, limit: Int, db: Database
  ) throws -> [Row] {
    if let key, table.isImported, cursor.lastKey == .none, let lastID = cursor.lastID,
      try Row.fetchOne(db, sql: "SELECT 1 FROM items WHERE id = ?", arguments: [lastID]) == nil
    {
      // The row a packed page start names was deleted by hand since: the page is read at its rank instead.
      return try Row.fetchAll(
        db,
        SQLRequest(
          literal: """
            SELECT \(table.idColumn), \(table.selection), \(key) FROM \(table.quotedName) WHERE \(filter)
            ORDER BY \(ordering(key)) LIMIT \(limit) OFFSET \(cursor.rank)
            """))
    }
    return try Row.fetchAll(
      db, SQLRequest(literal: pageStatement(where: filter, after: cursor, key: key, limit: limit)))
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
}
