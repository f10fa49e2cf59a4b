import GRDB
import ShopCatalog

extension SQLiteCatalogue {
  /// What `waterfall check` reports of a SQLite catalogue.
  public struct CheckReport: Sendable {
    /// Rows that are usable items.
    public var itemCount = 0
    /// Rows the item decoder cannot use (the viewer leaves them out), each naming the row id.
    public var problems: [DatasetProblem] = []
    /// What SQLite's `quick_check` found wrong with the file ("ok" is left out).
    public var damage: [String] = []
    /// Rows kept that are worth knowing of: no price (``CheckSummary/noPriceNote(_:file:number:)``).
    public var notes: [String] = []
  }

  /// Reads every row and checks the file's structure (`PRAGMA quick_check`), changing nothing.
  public func check() throws(SQLiteCatalogueError) -> CheckReport {
    var report = CheckReport()
    do {
      try readAll { db in
        report.damage = try String.fetchAll(db, sql: "PRAGMA quick_check").filter { $0 != "ok" }
        let rows = try Row.fetchCursor(
          db,
          SQLRequest(
            literal: "SELECT \(table.idColumn), \(table.selection) FROM \(table.quotedName) ORDER BY \(table.idColumn)")
        )
        while let row = try rows.next() {
          switch table.item(from: row) {
          case .success(let item):
            report.itemCount += 1
            let number = Int(row[0] as Int64? ?? 0)
            if let note = CheckSummary.noPriceNote(item, file: table.problemFile, number: number) {
              report.notes.append(note)
            }
          case .failure(let unusable): report.problems += unusable.problems
          }
        }
      }
    } catch {
      throw SQLiteCatalogueError(file: file, reason: Self.reason(error))
    }
    return report
  }
}
