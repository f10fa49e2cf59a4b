import Foundation
import Testing

/// `--table NAME` on a PostgreSQL address in the release binary: a table not made by `waterfall import`, its
/// columns named as dataset fields, shown, watched for rows the shop adds, snapshotted and checked; one without a price column refused before the
/// terminal is touched.
extension ViewerEndToEndTests {
  /// Runs `sql` with the cluster's psql on `address`.
  static func postgresRun(_ sql: String, on address: String, _ environment: [String: String]) throws {
    let ran = try BinaryRun(
      shell: "\"$WATERFALL_POSTGRES_BIN/psql\" \"$TABLE_ADDRESS\" -X -q -v ON_ERROR_STOP=1 -c \"$TABLE_SQL\"",
      environment: environment.merging(["TABLE_ADDRESS": address, "TABLE_SQL": sql]) { $1 })
    #expect(ran.status == 0, "\(ran.errors)")
  }

  @Test("--table products on a PostgreSQL address: its rows shown by their column names, snapshotted, checked")
  func postgresForeignTable() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let address = try Self.freshPostgresDatabase(environment)
    try Self.postgresRun(
      """
      CREATE TABLE products(id integer PRIMARY KEY, name text, price text, width integer, height integer, stock integer);
      INSERT INTO products VALUES (1, 'linen shirt', '¥120', 300, 400, 3), (2, 'wool coat', '¥80', 300, 500, 0);
      """, on: address, environment)
    let pane = try TmuxPane(arguments: [address, "--table", "products"], width: 100, height: 30)
    let screen = try pane.waitForFirstFrame()
    #expect(screen.contains("2 items"), "\(screen)")
    try pane.waitForScreen { $0.contains("linen shirt") && $0.contains("wool coat") }
    // Answered on the server and watched: the shop's application adds a row, and the viewer says so with no key.
    try Self.postgresRun(
      "INSERT INTO products VALUES (3, 'silk scarf', '¥60', 300, 300, 9)", on: address, environment)
    try pane.waitForScreen(seconds: 30) { $0.contains("1 new item · r shows it") }
    try pane.send(keys: ["r"])
    try pane.waitForScreen { $0.contains("silk scarf") && $0.contains("3 items") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    let snapshot = try BinaryRun(["snapshot", "--size", "100x30", address, "--table", "products"])
    #expect(snapshot.status == 0 && snapshot.output.contains("linen shirt"), "\(snapshot.errors)")
    let checked = try BinaryRun(["check", address, "--table", "products"])
    #expect(checked.status == 0 && checked.output == "3 items, 0 problems\n", "\(checked.output)\(checked.errors)")
  }

  @Test("--table with a row of absurd sides, in sections, to the end: the row left out and named, no crash")
  func postgresForeignTableBadRowInSections() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let address = try Self.freshPostgresDatabase(environment)
    try Self.postgresRun(
      """
      CREATE TABLE products(id integer PRIMARY KEY, name text, price text, w numeric, h numeric, shop text);
      INSERT INTO products SELECT i, 'item ' || i, '¥' || i, 300, 400, 'shop ' || (i % 4) FROM generate_series(1, 300) AS i;
      UPDATE products SET w = 1e-150, h = 1e150 WHERE id = 5;
      """, on: address, environment)
    let run = try BinaryRun([
      "snapshot", "--no-images", "--size", "100x30", "--keys", "S G", address, "--table", "products",
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("item 300") || run.output.contains("shop 3"), "\(run.output)")
  }

  @Test("--table on a PostgreSQL table without a price column: one line naming it, exit status 2, terminal untouched")
  func postgresForeignTableMissingColumn() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let address = try Self.freshPostgresDatabase(environment)
    try Self.postgresRun("CREATE TABLE bare(id integer, w integer, h integer, title text)", on: address, environment)
    let pane = try TmuxPane(arguments: [address, "--table", "bare"], width: 200, height: 30)
    let screen = try pane.waitForScreen { $0.contains("EXIT=") }
    let at = address.range(of: "@", options: .backwards)!
    #expect(
      screen.contains(
        "waterfall: postgresql://***\(address[at.lowerBound...]): table bare has no price column (its columns: id, w, h, title)"
      )
        && screen.contains("EXIT=2"), "\(screen)")
    #expect(try pane.format("#{alternate_on}") == "0", "the alternate screen was never entered")
  }
}
