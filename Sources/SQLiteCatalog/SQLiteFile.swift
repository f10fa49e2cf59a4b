import Foundation

/// Whether a path is meant as a SQLite catalogue rather than a dataset file.
public enum SQLiteFile {
  /// The names a SQLite file usually has.
  public static let extensions: Set<String> = ["sqlite", "sqlite3", "db", "db3"]

  /// By its name (so a damaged `shop.sqlite` is refused as a database, not read as a dataset), or by the first
  /// 16 bytes every SQLite database starts with.
  public static func isDatabase(path: String) -> Bool {
    if extensions.contains((path as NSString).pathExtension.lowercased()) { return true }
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    return header == Data("SQLite format 3\0".utf8)
  }
}
