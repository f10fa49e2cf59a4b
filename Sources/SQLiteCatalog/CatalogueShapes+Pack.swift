import GRDB
import ShopCatalog

extension CatalogueImport {
  /// Packs the shapes of a catalogue imported before ``CatalogueShapes`` existed into it, read from its rows in
  /// one pass by id (any runs and triggers already there are replaced). The viewer never writes a catalogue: this
  /// is for the benchmark, to measure `G` on a catalogue of 10^7 rows without importing it again. Throws when the
  /// file is not an imported catalogue whose ids run 1, 2, … as `import` writes them.
  public static func packShapes(path: String) throws {
    var configuration = Configuration()
    configuration.prepareDatabase { db in CatalogueFunctions.register(in: db) }
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.write { db in
      var collected = CatalogueShapes.Collected()
      let rows = try Row.fetchCursor(db, sql: "SELECT id, w, h, title FROM items ORDER BY id")
      while let row = try rows.next() {
        guard RowDecoding.id(row) == Int64(collected.shapes.count + 1) else {
          throw SQLiteCatalogueError(file: path, reason: "row ids are not 1, 2, … as an import writes them")
        }
        collected.append(
          width: SQLiteCatalogue.side(row[1]), height: SQLiteCatalogue.side(row[2]),
          title: CatalogueFunctions.text(row[3]))
      }
      for trigger in try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'waterfall_shapes_%'")
      {
        try db.execute(sql: "DROP TRIGGER \(trigger)")
      }
      try db.execute(sql: "DROP TABLE IF EXISTS waterfall_shapes")
      try CatalogueShapes.write(collected, db: db)
    }
    try queue.close()
  }
}
