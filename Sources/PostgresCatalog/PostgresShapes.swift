import Foundation
import PostgresNIO
import ShopCatalog

/// Every row's shape packed per order at import (``ShapeRuns``, as the SQLite catalogue's), one bytea a run in
/// `waterfall_shapes`, so that `G` reads ~14 bytes a row instead of the rows. Any change to `items` made after the
/// import (an insert, update, delete or truncate by another client) fires a trigger that deletes the runs; a
/// catalogue without them (an older one, one changed) is measured from its rows.
enum PostgresShapes {
  static let table = "waterfall_shapes"

  static let createTable = "CREATE TABLE waterfall_shapes(id bigint PRIMARY KEY, run bytea NOT NULL)"

  /// Made once the runs are written: from then on a change to `items` makes them stale, so it deletes them. A
  /// trigger runs with the writing client's search_path: the function keeps the import's, the catalogue's schema.
  static let createTrigger = [
    """
    CREATE OR REPLACE FUNCTION waterfall_shapes_stale() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      DELETE FROM waterfall_shapes;
      RETURN NULL;
    END
    $$
    """,
    PostgresSchema.whereItemsLacks(
      trigger: "waterfall_shapes_stale",
      """
      CREATE TRIGGER waterfall_shapes_stale AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON items
        FOR EACH STATEMENT EXECUTE FUNCTION waterfall_shapes_stale();
      """),
  ]

  /// Writes each order's runs from `collected` (row `id` is its item `id - 1`), the order's ids sorted by the
  /// server, then the trigger that keeps them honest; `packing` false: the table left empty, so `G` measures the
  /// rows (an append to rows another client numbered with gaps).
  static func write(_ collected: ShapeRuns.Collected, packing: Bool = true, session: PostgresSession) throws {
    try session.run("DROP TABLE IF EXISTS \(table)")
    try session.run(createTable)
    // Stored as they are: pglz took 3.6 s to squeeze 64 MB to 32 at 10^6 rows, and `G` reads them faster whole.
    try session.run("ALTER TABLE waterfall_shapes ALTER COLUMN run SET STORAGE EXTERNAL")
    for order in ItemOrder.allCases where packing {
      let ids: [Int64]
      if let key = PostgresCatalogue.sortColumn(order) {
        // One sorted array, not a row an id: fresh rows are not yet all-visible, so an ordered index scan visits
        // the heap row by row (2.2–4.5 s at 10^6 rows where this sort takes 0.9 s), and each row costs a decode.
        ids =
          try session.rows(PostgresQuery(unsafeSQL: "SELECT array_agg(id ORDER BY \(key), id) FROM items"))
          .first?.decode([Int64]?.self) ?? []
      } else {
        ids = (0..<Int64(collected.shapes.count)).map { $0 + 1 }
      }
      try ShapeRuns.pack(order: order, ids: ids, from: collected) { key, run in
        var statement = PostgresStatement("INSERT INTO waterfall_shapes(id, run) VALUES (")
        statement.bind(key)
        statement.append(", ")
        statement.bind(ByteBuffer(bytes: run))
        statement.append(")")
        _ = try session.rows(statement.query)
      }
    }
    for statement in createTrigger { try session.run(statement) }
  }

  /// Ranks `ranks` of `order`'s unfiltered result of `total` rows from the runs: their ids and shapes, or `nil`
  /// when the runs are missing (an older catalogue, one changed) or do not fit the result.
  static func read(
    order: ItemOrder, ranks: Range<Int>, total: Int, session: PostgresSession
  ) throws -> (ids: [Int64], shapes: MeasuredShapes)? {
    // A role may read the catalogue's rows and not its packed shapes (granted SELECT on `items` alone): the rows
    // are measured instead.
    guard var assembly = ShapeRuns.Assembly(order: order, ranks: ranks, total: total),
      try session.rows(
        """
        SELECT CASE WHEN to_regclass('waterfall_shapes') IS NULL THEN false
          ELSE has_table_privilege('waterfall_shapes', 'SELECT') END
        """
      ).first?.decode(Bool.self) == true
    else { return nil }
    var statement = PostgresStatement("SELECT id, run FROM waterfall_shapes WHERE id BETWEEN ")
    statement.bind(assembly.keys.lowerBound)
    statement.append(" AND ")
    statement.bind(assembly.keys.upperBound)
    statement.append(" ORDER BY id")
    for row in try session.rows(statement.query) {
      let (key, run) = try row.decode((Int64, ByteBuffer).self)
      guard run.withUnsafeReadableBytes({ assembly.add(key: key, bytes: $0) }) else { return nil }
    }
    return assembly.isComplete ? (assembly.ids, assembly.shapes) : nil
  }
}
