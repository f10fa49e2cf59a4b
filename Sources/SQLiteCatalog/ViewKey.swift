import CSQLiteSafety
import GRDB

/// A view has no row ids, and keyset paging needs a stable key: a view is read by its own `id` column (any case)
/// when every row holds a whole number there and no two the same, checked once as it is opened; any other view is
/// refused, saying why. Reading the view runs its SQL under `trusted_schema=OFF`, so a view that calls a function
/// not innocuous is refused by SQLite as the statement is prepared, before any row is read. A view's SQL may never
/// end (a recursive CTE): the check reads it within `limit`, or refuses it, so every later query over it ends too.
enum ViewKey {
  /// How long the one pass over a view may take when it opens.
  static let longestCheck: Duration = .seconds(10)

  static func column(
    of view: String, columns: [String], in db: Database, file: String, limit: Duration = longestCheck
  ) throws -> String {
    let quotedView = CatalogueTable.quoted(view)
    guard let key = columns.first(where: { $0.lowercased() == "id" }) else {
      throw SQLiteCatalogueError(
        file: file,
        reason:
          "view \(view) has no id column: a view has no row ids, and it is read by a unique whole-number id column")
    }
    let quotedKey = CatalogueTable.quoted(key)
    let nanoseconds = limit.components.seconds * 1_000_000_000 + limit.components.attoseconds / 1_000_000_000
    var deadline = wf_sqlite_deadline_after(nanoseconds)
    let connection = UnsafeMutableRawPointer(db.sqliteConnection)
    let row: Row?
    do {
      row = try withUnsafePointer(to: &deadline) { pointer in
        wf_sqlite_set_deadline(connection, pointer)
        defer { wf_sqlite_set_deadline(connection, nil) }
        return try Row.fetchOne(
          db,
          sql: """
            SELECT count(*), count(DISTINCT \(quotedKey)), coalesce(sum(typeof(\(quotedKey)) != 'integer'), 0)
            FROM \(quotedView)
            """)
      }
    } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT {
      throw SQLiteCatalogueError(
        file: file, reason: "view \(view) was not read through within \(limit): a view must end")
    }
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
