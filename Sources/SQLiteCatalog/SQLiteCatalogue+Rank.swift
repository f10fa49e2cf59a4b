import GRDB
import ShopCatalog

extension SQLiteCatalogue {
  /// The item's rank by a keyset count: the rows of the result before its `(key, id)` on the order's index
  /// (with sections: the sections before its own, then the rows before it in its own).
  public func rank(of item: ItemID, in query: CatalogueQuery) -> Int? {
    let id = Int64(item.rawValue) + 1
    return (try? queue.read { db in try rank(ofRow: id, in: query, db: db) }) ?? nil
  }

  private func rank(ofRow id: Int64, in query: CatalogueQuery, db: Database) throws -> Int? {
    let key = sortKey(query.order)
    let filter = try condition(for: query.filter, db: db)
    let group: SQL = query.grouping.map(table.groupValue) ?? "NULL"
    guard
      let row = try Row.fetchOne(
        db,
        SQLRequest(
          literal: """
            SELECT \(key ?? "NULL"), \(group) FROM \(table.quotedName) WHERE \(table.idColumn) = \(id) AND \(filter)
            """))
    else { return nil }
    let keyValue: DatabaseValue = row[0]
    let before: SQL = key.map { "(\($0), \(table.idColumn)) < (\(keyValue), \(id))" } ?? "\(table.idColumn) < \(id)"
    func count(_ condition: SQL) throws -> Int {
      try Int.fetchOne(db, SQLRequest(literal: "SELECT count(*) FROM \(table.quotedName) WHERE \(condition)")) ?? 0
    }
    guard let grouping = query.grouping else { return try count("\(filter) AND \(before)") }
    let value: String? = row[1]
    let sections = try sections(of: query, grouping: grouping, key: key, filter: filter, db: db)
    guard let ordinal = sections.firstIndex(where: { $0.value == value }) else { return nil }
    let earlier = sections[..<ordinal].reduce(0) { $0 + $1.count }
    return try earlier + count("\(filter) AND \(table.groupValue(grouping)) IS \(value) AND \(before)")
  }
}
