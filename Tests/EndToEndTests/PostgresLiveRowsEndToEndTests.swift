import Foundation
import Testing

/// Rows another client commits while a PostgreSQL catalogue is open: announced on the status line with no key
/// pressed, read in by `r` where the user is, reachable by `:N`; the viewer's connections end with it.
extension ViewerEndToEndTests {
  /// Runs `sql` with the cluster's psql on the database at `address`; its output.
  @discardableResult
  static func psql(_ sql: String, at address: String, _ environment: [String: String]) throws -> String {
    let run = try BinaryRun(
      shell: "\"$WATERFALL_POSTGRES_BIN/psql\" \"$DATABASE\" -X -q -tA -v ON_ERROR_STOP=1 -c \"$SQL\"",
      environment: environment.merging(["DATABASE": address, "SQL": sql]) { $1 })
    #expect(run.status == 0, "\(run.errors)")
    return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `count` items (``importedCatalogue(_:)``'s) imported by the binary into a new database: its address, the
  /// dataset's folder (the caller removes it) and the import's run.
  static func postgresImported(
    _ count: Int, _ environment: [String: String]
  ) throws -> (address: String, folder: URL, run: BinaryRun) {
    let address = try freshPostgresDatabase(environment)
    let (folder, _) = try importedCatalogue(count)
    let imported = try BinaryRun(["import", folder.appendingPathComponent("items.jsonl").path, address])
    #expect(imported.status == 0, "\(imported.errors)")
    return (address, folder, imported)
  }

  @Test("another client INSERTs: '1 new item · r shows it' with no key, r reads it in keeping the place, :N reaches it")
  func postgresLiveRows() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let (address, folder, _) = try Self.postgresImported(300, environment)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(arguments: [address], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0") && $0.contains("50/300 items") }
    // The place to keep: item #120, beyond the first page, focused (drawn heavy).
    try pane.send(keys: [":"])
    try pane.send(literal: "120")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen(seconds: 30) { $0.contains("┃item 119 ") }
    let committed = Date()
    try Self.psql(
      """
      INSERT INTO waterfall.items
      SELECT 301, w, h, img, '¥7', 'arrived live', shop, extra, price_up, price_down, title_key, search,
        shop_group, price_group, title_group, extra_group
      FROM waterfall.items WHERE id = 1
      """, at: address, environment)
    let announced = try pane.waitForScreen(seconds: 30) { $0.contains("1 new item · r shows it") }
    print("announced on the screen \(Date().timeIntervalSince(committed)) s after psql's INSERT returned")
    // `:120` measured the whole result (every item laid out from the packed shapes): the count is 300, or 50/300
    // loaded, until r.
    #expect(announced.contains("300 items") && !announced.contains("301"), "the count stays until r: \(announced)")
    try pane.send(keys: ["r"])
    // The first page, then the pages through to the place kept: item #120 on screen, focused (drawn heavy) and not
    // made a selection, as a new query keeps the focused box.
    let refreshed = try pane.waitForScreen(seconds: 30) {
      $0.contains("301 items") && $0.contains("┃item 119 ")
    }
    #expect(!refreshed.contains("sel #"), "focused, not selected: \(refreshed)")
    #expect(!refreshed.contains("new item"), "nothing new any more: \(refreshed)")
    try pane.send(keys: [":"])
    try pane.send(literal: "301")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen(seconds: 30) { $0.contains("┃arrived live") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    // Quitting ended the viewer's connections, the watch's with them.
    let others = """
      SELECT count(*) FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend'
        AND application_name <> 'psql'
      """
    let deadline = Date().addingTimeInterval(30)
    var left = try Self.psql(others, at: address, environment)
    while left != "0" && Date() < deadline { left = try Self.psql(others, at: address, environment) }
    #expect(left == "0", "connections left after q: \(left)")
  }
}
