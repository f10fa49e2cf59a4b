import CSQLiteSafety
import GRDB

/// A SQLite file is untrusted input: the connection is set to treat it so before anything is read.
extension SQLiteCatalogue {
  /// Sets the connection to treat its file as untrusted input (see the type's comment); throws if SQLite refuses.
  static func distrust(_ db: Database) throws {
    let code = wf_sqlite_distrust(UnsafeMutableRawPointer(db.sqliteConnection))
    guard code == 0 else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot make the connection defensive")
    }
    try db.execute(sql: "PRAGMA trusted_schema = OFF")
  }

  /// Whether the connection is defensive, trusts no schema and loads no extension (for the tests).
  func connectionDistrusts() throws -> Bool {
    try queue.read { db in
      let trusted = try Bool.fetchOne(db, sql: "PRAGMA trusted_schema") ?? true
      return wf_sqlite_distrusts(UnsafeMutableRawPointer(db.sqliteConnection)) == 1 && !trusted
    }
  }
}
