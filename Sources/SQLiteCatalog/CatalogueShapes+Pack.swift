import GRDB
import ShopCatalog

extension CatalogueImport {
  /// Packs the shapes of a catalogue imported before ``CatalogueShapes`` existed into it (the benchmark's, to
  /// measure `G` on a catalogue of 10^7 rows without importing it again). The viewer never writes a catalogue.
  /// Throws when the file is not an imported catalogue whose ids run 1, 2, … as `import` writes them.
  public static func packShapes(path: String) throws {
    var configuration = Configuration()
    configuration.prepareDatabase { db in CatalogueFunctions.register(in: db) }
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.write { db in
      guard try repackShapes(db: db) else {
        throw SQLiteCatalogueError(file: path, reason: "row ids are not 1, 2, … as an import writes them")
      }
    }
    try queue.close()
  }

  /// Packs every row's shape again, read from the rows in one pass by id (any runs and triggers there replaced);
  /// false, with no runs left, when the ids do not run 1, 2, … (rows deleted since): `G` then measures the rows.
  @discardableResult
  static func repackShapes(db: Database) throws -> Bool {
    try dropShapes(db: db)
    var collected = CatalogueShapes.Collected()
    let rows = try Row.fetchCursor(db, sql: "SELECT id, w, h, title FROM items ORDER BY id")
    while let row = try rows.next() {
      guard RowDecoding.id(row) == Int64(collected.shapes.count + 1) else { return false }
      collected.append(
        width: SQLiteCatalogue.side(row[1]), height: SQLiteCatalogue.side(row[2]),
        title: CatalogueFunctions.text(row[3]))
    }
    try CatalogueShapes.write(collected, db: db)
    return true
  }

  /// Drops the packed shapes and the triggers that keep them honest.
  static func dropShapes(db: Database) throws {
    for trigger in try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'waterfall_shapes_%'")
    {
      try db.execute(sql: "DROP TRIGGER \(trigger)")
    }
    try db.execute(sql: "DROP TABLE IF EXISTS waterfall_shapes")
  }
}
