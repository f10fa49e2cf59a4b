import Foundation
import GRDB
import ShopCatalog

/// Every row's shape packed per order at import, so that `G` over an imported catalogue reads ~10 bytes a row in
/// runs of ``runRows`` (``ShapeRun``) instead of the rows' pages (3.4 GB at 10^7 rows). Run `r` of order `o` is the
/// row `o << 32 | r` of `waterfall_shapes`. An imported catalogue is written by `import` alone; a change made by
/// hand (any insert, update or delete on `items`) fires a trigger that deletes the runs, and a catalogue without
/// them (older ones, changed ones) is measured from its rows as before.
enum CatalogueShapes {
  static let table = "waterfall_shapes"
  static let runRows = ShapeRuns.runRows

  static let createTable = "CREATE TABLE waterfall_shapes(id INTEGER PRIMARY KEY, run BLOB NOT NULL)"

  /// Made once the runs are written: from then on any change to `items` makes them stale, so it drops them.
  static let createTriggers = ["INSERT", "UPDATE", "DELETE"].map { event in
    """
    CREATE TRIGGER waterfall_shapes_stale_on_\(event.lowercased()) AFTER \(event) ON items
    BEGIN DELETE FROM waterfall_shapes; END
    """
  }
  .joined(separator: ";\n")

  /// The imported column `order` sorts by (ties by id); `nil`: by id alone.
  private static func key(_ order: ItemOrder) -> String? {
    switch order {
    case .dataset: nil
    case .priceAscending: "price_up"
    case .priceDescending: "price_down"
    case .title: "title_key"
    }
  }

  /// The row id of `order`'s run `run`.
  static func rowID(order: ItemOrder, run: Int) -> Int64 { ShapeRuns.key(order: order, run: run) }

  typealias Collected = ShapeRuns.Collected

  /// Writes each order's runs from `collected` (row `id` is `collected`'s item `id - 1`), the order's ids read
  /// from its index (a covering scan, no row read), then the triggers that keep them honest.
  static func write(_ collected: Collected, db: Database) throws {
    try db.execute(sql: createTable)
    let insert = try db.makeStatement(sql: "INSERT INTO waterfall_shapes(id, run) VALUES (?, ?)")
    for order in ItemOrder.allCases {
      let ids: [Int64]
      if let key = key(order) {
        ids = try Int64.fetchAll(db, sql: "SELECT id FROM items ORDER BY \(key), id")
      } else {
        ids = (0..<Int64(collected.shapes.count)).map { $0 + 1 }
      }
      try ShapeRuns.pack(order: order, ids: ids, from: collected) { id, run in
        try insert.execute(arguments: [id, run])
      }
    }
    try db.execute(sql: createTriggers)
  }

  /// Ranks `ranks` of `order`'s unfiltered result of `total` rows from the runs: their ids and shapes, or `nil`
  /// when the runs are missing (an older catalogue, one changed by hand) or do not fit the result.
  static func read(
    order: ItemOrder, ranks: Range<Int>, total: Int, db: Database
  ) throws -> (ids: [Int64], shapes: MeasuredShapes)? {
    guard var assembly = ShapeRuns.Assembly(order: order, ranks: ranks, total: total), try db.tableExists(table)
    else { return nil }
    let rows = try Row.fetchCursor(
      db, sql: "SELECT id, run FROM waterfall_shapes WHERE id BETWEEN ? AND ? ORDER BY id",
      arguments: [assembly.keys.lowerBound, assembly.keys.upperBound])
    while let row = try rows.next() {
      guard case .int64(let id) = (row[0] as DatabaseValue).storage,
        (try? row.withUnsafeData(
          atIndex: 1,
          { data in
            data?.withUnsafeBytes { assembly.add(key: id, bytes: $0) } ?? false
          })) == true
      else { return nil }
    }
    return assembly.isComplete ? (assembly.ids, assembly.shapes) : nil
  }
}
