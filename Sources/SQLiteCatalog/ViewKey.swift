import GRDB

/// A view has no row ids, and keyset paging needs a stable key: a view is read by its own `id` column (any case)
/// when every row holds a whole number there and no two the same, checked once as it is opened; any other view is
/// refused, saying why. Reading the view runs its SQL under `trusted_schema=OFF`, so a view that calls a function
/// not innocuous is refused by SQLite as the statement is prepared, before any row is read.
enum ViewKey {
  static func column(of view: String, columns: [String], in db: Database, file: String) throws -> String {
    let quotedView = CatalogueTable.quoted(view)
    guard let key = columns.first(where: { $0.lowercased() == "id" }) else {
      throw SQLiteCatalogueError(
        file: file,
        reason:
          "view \(view) has no id column: a view has no row ids, and it is read by a unique whole-number id column")
    }
    let quotedKey = CatalogueTable.quoted(key)
    let row = try Row.fetchOne(
      db,
      sql: """
        SELECT count(*), count(DISTINCT \(quotedKey)), coalesce(sum(typeof(\(quotedKey)) != 'integer'), 0)
        FROM \(quotedView)
        """)
    let (rows, distinct, notWhole): (Int, Int, Int) = (row?[0] ?? 0, row?[1] ?? 0, row?[2] ?? 0)
    guard notWhole == 0, distinct == rows else {
      let problem =
        notWhole > 0 ? "\(notWhole) rows whose \(key) is not a whole number" : "\(rows - distinct) repeated \(key)s"
      throw SQLiteCatalogueError(
        file: file, reason: "view \(view) cannot be paged by its \(key) column: \(problem) (it must be unique)")
    }
    return key
  }
}
