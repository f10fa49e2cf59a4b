import Foundation
import PostgresNIO
import ShopCatalog

/// A query's pages, sections, count, ranks and matches, each one statement on the server.
extension PostgresCatalogue {
  func page(_ query: CatalogueQuery, after cursor: KeysetCursor) throws -> CataloguePage {
    let key = sortKey(query.order)
    guard let grouping = query.grouping else {
      var found = try rows(query, section: nil, after: cursor, key: key, limit: pageSize + 1)
      if found.isEmpty, let moved = try cursorForDeletedRow(cursor, query: query, key: key) {
        found = try rows(query, section: nil, after: moved, key: key, limit: pageSize + 1)
      }
      let shown = Array(found.prefix(pageSize))
      let next = found.count > pageSize ? cursorAfter(shown.last!, rank: cursor.rank + shown.count, group: 0) : nil
      // A last page read from the start is the whole result: counted without asking the server.
      let whole = next == nil && cursor.lastID == nil ? shown.count : nil
      return makePage(shown, groups: [], next: next, count: try whole ?? count(query, waiting: false))
    }
    let sections = try self.sections(of: query, grouping: grouping)
    let page = try SectionPaging.page(
      sections: sections.map { ($0.name, $0.count) }, after: cursor, pageSize: pageSize,
      rows: { group, position, limit in
        try rows(query, section: sections[group], after: position, key: key, limit: limit)
      },
      cursorAfter: cursorAfter)
    return makePage(page.rows, groups: page.runs, next: page.next, count: page.total)
  }

  /// A row read: its id, its item (or why the dataset rules reject it) and its sort key.
  struct Found {
    var id: Int64
    var item: Result<ShopItem, UnusableRecord>
    var key: KeysetCursor.Key
  }

  /// A measured page's cursor holds its row's id alone, and the server reads the key by it: when another client
  /// has deleted that row since, nothing compares after it and the page came back empty. The cursor is made again
  /// from the row that preceded the deleted one: the one place a rank is read by OFFSET, once, for a row that is
  /// gone.
  private func cursorForDeletedRow(
    _ cursor: KeysetCursor, query: CatalogueQuery, key: String?
  ) throws -> KeysetCursor? {
    guard let key, let lastID = cursor.lastID, cursor.lastKey == .none, cursor.rank > 0 else { return nil }
    var gone = PostgresStatement("SELECT NOT EXISTS (SELECT 1 FROM \(rows) WHERE id = ")
    gone.bind(lastID)
    gone.append(")")
    guard try session.rows(gone.query).first?.decode(Bool.self) == true else { return nil }
    // The deleted row was at rank `rank - 1`; the one before it is at `rank - 2` now (none: the result's start).
    guard cursor.rank >= 2 else { return KeysetCursor(rank: cursor.rank, group: 0, lastID: nil, lastKey: .none) }
    var statement = PostgresStatement("SELECT id, \(key) FROM \(rows) WHERE ")
    statement.append(within(query, section: nil))
    statement.append(" ORDER BY \(ordering(key)) OFFSET \(cursor.rank - 2) LIMIT 1")
    guard let row = try longStatements().rows(statement.query).first else { return nil }
    let cells = PostgresRandomAccessRow(row)
    return KeysetCursor(
      rank: cursor.rank, group: 0, lastID: try cells[0].decode(Int64.self),
      lastKey: try keysetKey(cells[1], order: query.order))
  }

  /// The keyset key of a row's sort column, as the order reads it. A shop table's title key is text in the
  /// server's collation, which the cursor does not carry: the server reads it again by the row's id.
  private func keysetKey(_ cell: PostgresCell, order: ItemOrder) throws -> KeysetCursor.Key {
    switch order {
    case .dataset: .none
    case .title where !isImported: .none
    case .priceAscending, .priceDescending: .number(try cell.decode(Double.self))
    case .title: .bytes(Array(buffer: try cell.decode(ByteBuffer.self)))
    }
  }

  private func cursorAfter(_ found: Found, rank: Int, group: Int) -> KeysetCursor {
    KeysetCursor(rank: rank, group: group, lastID: found.id, lastKey: found.key)
  }

  /// A row the dataset rules reject (another client wrote `w = 1e-150`) is left out of the page, and of its
  /// section's run, and named, as a SQLite catalogue's is; the page's cursor still moves past it.
  private func makePage(_ found: [Found], groups: [GroupRun], next: KeysetCursor?, count: Int?) -> CataloguePage {
    var items: [ShopItem] = []
    var ids: [ItemID] = []
    var skipped: [String] = []
    for row in found {
      switch row.item {
      case .success(let item):
        items.append(item)
        ids.append(ItemID(Int(clamping: row.id) - 1))
      case .failure(let unusable): skipped += unusable.problems.map(\.description)
      }
    }
    let kept = found.map { if case .success = $0.item { true } else { false } }
    var page = CataloguePage(
      items: items, ids: ids, groups: GroupRun.recounted(groups, kept: kept),
      next: next.map { PageCursor(token: $0.token) }, resultCount: count)
    page.skippedPages = skipped
    return page
  }

  /// Up to `limit` rows of the query (of one section) after the cursor, in the order's keyset.
  func rows(
    _ query: CatalogueQuery, section: Section?, after cursor: KeysetCursor, key: String?, limit: Int
  ) throws -> [Found] {
    // A shop table's row is its own JSON, read by the dataset rules as a JSON Lines line is.
    let columns = isImported ? "w, h, img, price, title, shop, extra" : "record"
    var statement = PostgresStatement("SELECT id, \(columns), \(key ?? "NULL") FROM \(rows) WHERE ")
    statement.append(within(query, section: section))
    statement.append(" AND ")
    statement.append(after(cursor, key: key))
    statement.append(" ORDER BY \(ordering(key)) LIMIT \(limit)")
    if !isImported {
      return try session.rows(statement.query).map { row in
        let (id, record) = try row.decode((Int64, String).self)
        let item = ItemKeys.item(fromJSONObject: Array(record.utf8), file: name, number: Int(clamping: id))
        return Found(id: id, item: item, key: try keysetKey(PostgresRandomAccessRow(row)[2], order: query.order))
      }
    }
    return try session.rows(statement.query).map { row in
      let (id, width, height, picture, price, title, shop, extra) = try row.decode(
        (Int64, Double, Double, String, String, String, String, String?).self)
      let sortKey = try keysetKey(PostgresRandomAccessRow(row)[8], order: query.order)
      let fields = RowFields(width: width, height: height, picture: picture, price: price, title: title, shop: shop)
      let item = fields.item(file: name, id: id).map { item in
        var item = item
        item.extraFields = Self.extraFields(extra)
        return item
      }
      return Found(id: id, item: item, key: sortKey)
    }
  }

  static func extraFields(_ json: String?) -> [ExtraField] {
    guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String] else {
      return []
    }
    return object.map { ExtraField(key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
  }

  /// A grouped query's sections, in the order of their first item in the query's order (the items without a
  /// value last), counted in one statement and kept.
  func sections(of query: CatalogueQuery, grouping: ItemField) throws -> [Section] {
    if let known = factsOf(query).sections { return known }
    var statement = PostgresStatement("SELECT g, count(*) FROM (SELECT ")
    statement.append(groupValue(grouping))
    statement.append(" AS g, row_number() OVER (ORDER BY \(ordering(sortKey(query.order)))) AS r FROM \(rows) WHERE ")
    statement.append(condition(for: query.filter))
    statement.append(") AS result GROUP BY g ORDER BY g IS NULL, min(r)")
    let sections = try longStatements().rows(statement.query).map { row in
      let (value, count) = try row.decode((String?, Int64).self)
      return Section(value: value, name: value ?? "(no \(grouping.name))", count: Int(count))
    }
    remember(query) { $0.sections = sections }
    return sections
  }

  private func factsOf(_ query: CatalogueQuery) -> Facts { factsStore.withLock { $0[query] ?? Facts() } }

  func remember(_ query: CatalogueQuery, _ change: (inout Facts) -> Void) {
    factsStore.withLock { change(&$0[query, default: Facts()]) }
  }

  /// The item's rank by a keyset count: the rows of the result before its `(key, id)` (with sections: the
  /// sections before its own, then the rows before it in its own).
  func rank(ofRow id: Int64, in query: CatalogueQuery) throws -> Int? {
    let key = sortKey(query.order)
    var statement = PostgresStatement("SELECT ")
    if let grouping = query.grouping { statement.append(groupValue(grouping)) } else { statement.append("NULL::text") }
    statement.append(" FROM \(rows) WHERE id = ")
    statement.bind(id)
    statement.append(" AND ")
    statement.append(condition(for: query.filter))
    guard let row = try session.rows(statement.query).first else { return nil }
    let value = try row.decode(String?.self)
    var section: Section?
    var earlier = 0
    if let grouping = query.grouping {
      let sections = try sections(of: query, grouping: grouping)
      guard let ordinal = sections.firstIndex(where: { $0.value == value }) else { return nil }
      section = sections[ordinal]
      earlier = sections[..<ordinal].reduce(0) { $0 + $1.count }
    }
    var counting = PostgresStatement("SELECT count(*) FROM \(rows) WHERE ")
    counting.append(within(query, section: section))
    counting.append(" AND ")
    // The row's own key, read again by the server from its id: no value crosses the wire and back.
    counting.append(key.map { "(\($0), id) < (SELECT \($0), id FROM \(rows) WHERE id = " } ?? "id < (")
    counting.bind(id)
    counting.append(")")
    return earlier + Int(try longStatements().rows(counting.query).first?.decode(Int64.self) ?? 0)
  }

  /// The ranks in the query's result of the rows that match `pattern`, numbered by the server in the order.
  func matchRanks(
    of pattern: ItemQuery, in query: CatalogueQuery, on long: PostgresSession, cancellation: WorkCancellation? = nil
  ) throws -> [Int] {
    if pattern.isEmpty { return [] }
    let key = sortKey(query.order)
    func ranks(in section: Section?) throws -> [Int] {
      var statement = PostgresStatement(
        "SELECT r FROM (SELECT row_number() OVER (ORDER BY \(ordering(key))) - 1 AS r, ")
      statement.append(condition(for: pattern))
      statement.append(" AS m FROM \(rows) WHERE ")
      statement.append(within(query, section: section))
      statement.append(") AS result WHERE m ORDER BY r")
      return try long.rows(statement.query, cancellation: cancellation).map {
        Int(try $0.decode(Int64.self))
      }
    }
    guard let grouping = query.grouping else { return try ranks(in: nil) }
    var found: [Int] = []
    var earlier = 0
    for section in try sections(of: query, grouping: grouping) {
      found += try ranks(in: section).map { $0 + earlier }
      earlier += section.count
    }
    return found
  }
}
