import Foundation
import PostgresNIO
import ShopCatalog

/// A table (or view) on a PostgreSQL server that `waterfall import` did not make, named with `--table`: its columns
/// matched by the dataset field names and their aliases, as a SQLite `--table`'s are. Its rows are read once, each
/// as the server's own JSON of the row (`to_jsonb`, so a number column stays a number; a NULL is no field, not
/// the text `null`), and decoded by the dataset
/// rules themselves: the same items, problems, orders, sections and search as the same rows in a JSON Lines file.
/// The keys are the in-memory catalogue's, not SQL's: PostgreSQL cannot compute the price and folded-text keys
/// exactly, and a read-only session cannot make a temporary table to hold them.
enum PostgresForeignTable {
  /// The rows read at most: the items are held in memory.
  static let rowLimit = 2_000_000

  /// The table's rows as a dataset named `address (table NAME)`; a table that is not there or lacks a required
  /// column throws, naming the table and the column.
  static func read(
    address text: String, table: String, schema: String? = nil
  ) throws(PostgresFailure) -> (name: String, dataset: Dataset) {
    var address = try PostgresAddress.reading(text)
    address.schema = schema
    let session = try PostgresSession.connect(address, readOnly: true)
    defer { session.close() }
    do {
      let name = try relation(named: table, in: session, address: address)
      let columns = try PostgresShopTable.columns(of: name, in: session).map(\.name)
      try refuseMissing(columns, table: name, address: address)
      let file = "\(address.description) (table \(name))"
      var statement = PostgresStatement("SELECT jsonb_strip_nulls(to_jsonb(t))::text FROM ")
      statement.append(quoted(name))
      statement.append(" AS t")
      if columns.contains("id") { statement.append(" ORDER BY t.id") }
      statement.append(" LIMIT \(rowLimit + 1)")
      var bytes: [UInt8] = []
      var count = 0
      for row in try session.rows(statement.query) {
        count += 1
        guard count <= rowLimit else {
          throw PostgresFailure(
            address: address.description,
            reason: "table \(name) has more than \(rowLimit) rows, which --table holds in memory")
        }
        bytes += try row.decode(String.self).utf8
        bytes.append(UInt8(ascii: "\n"))
      }
      let dataset = try DatasetLoader.read(bytes: bytes, format: .jsonLines, file: file)
      return (file, dataset)
    } catch let failure as PostgresFailure {
      throw failure
    } catch let error as DatasetError {
      throw PostgresFailure(address: address.description, reason: error.reason)
    } catch {
      throw PostgresFailure(address: address.description, reason: PostgresSession.reason(error, address: address))
    }
  }

  /// The visible table, view or foreign table called `name` (its own case first, then any case).
  static func relation(
    named name: String, in session: PostgresSession, address: PostgresAddress
  ) throws -> String {
    var statement = PostgresStatement(
      """
      SELECT c.relname::text FROM pg_class AS c
      WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p') AND pg_table_is_visible(c.oid) AND lower(c.relname) = lower(
      """)
    statement.bind(name)
    statement.append(") ORDER BY c.relname")
    let found = try session.rows(statement.query).map { try $0.decode(String.self) }
    if found.contains(name) { return name }
    if found.count == 1 { return found[0] }
    // `"Mixed Case"` and `"mixed case"` both there, and neither named exactly: guessing would show the wrong shop.
    if found.count > 1 {
      throw PostgresFailure(
        address: address.description,
        reason: "no table named \(name); tables that differ from it only in case: \(found.joined(separator: ", "))")
    }
    let listed = try session.rows(
      """
      SELECT c.relname::text FROM pg_class AS c
      WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p') AND pg_table_is_visible(c.oid)
      AND c.relnamespace <> 'pg_catalog'::regnamespace AND c.relnamespace <> 'information_schema'::regnamespace
      ORDER BY 1
      """
    ).map { try $0.decode(String.self) }
    if let schema = address.schema, try PostgresSchema.standing(of: schema, in: session) == .missing {
      throw PostgresFailure(address: address.description, reason: "no schema named \(schema) in this database")
    }
    let tables = listed.isEmpty ? "it has no tables" : "its tables: \(listed.joined(separator: ", "))"
    // `public.products` is a table `products` in schema `public`, which --schema names.
    let qualified = name.split(separator: ".", maxSplits: 1)
    let hint =
      qualified.count == 2 ? "; a schema is named with --schema: --schema \(qualified[0]) --table \(qualified[1])" : ""
    throw PostgresFailure(address: address.description, reason: "no table named \(name) (\(tables)\(hint))")
  }

  /// The required fields (w, h, price) a column of the table must give, by one of their names; the missing ones
  /// named with the table's columns.
  static func refuseMissing(_ columns: [String], table: String, address: PostgresAddress) throws(PostgresFailure) {
    let fields = Set(columns)
    var missing: [String] = []
    for side in [ItemFieldNames.width, ItemFieldNames.height] where fields.isDisjoint(with: side) {
      missing.append(side.joined(separator: " or "))
    }
    if !fields.contains(ItemFieldNames.price) { missing.append(ItemFieldNames.price) }
    guard missing.isEmpty else {
      throw PostgresFailure(
        address: address.description,
        reason:
          "table \(table) has no \(missing.joined(separator: ", ")) column (its columns: \(columns.joined(separator: ", ")))"
      )
    }
  }

  /// `name` as an identifier: in double quotes, each one inside doubled.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
