import Foundation
import Testing

/// `G` over an imported catalogue with a row changed by hand to a width the pages reject: the release binary, no
/// options, counts the items browsing shows (it said 330 where scrolling found 329) and ends on the last row.
extension ViewerEndToEndTests {
  @Test("a row with a negative width: G counts 329 of 330 rows, the items browsing shows, and ends on the last")
  func sqliteBadRowGoToEnd() throws {
    let (folder, database) = try Self.importedCatalogue(330)
    defer { try? FileManager.default.removeItem(at: folder) }
    let spoil = try BinaryRun(shell: "sqlite3 '\(database)' \"UPDATE items SET w = -5 WHERE id = 3\"")
    try #require(spoil.status == 0, "sqlite3: \(spoil.errors)")

    let pane = try TmuxPane(arguments: [database], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0") }
    try pane.send(keys: ["G"])
    // The last row is "the cheapest"; the status bar counts the items, not the rows.
    let end = try pane.waitForScreen(seconds: 30) { $0.contains("the cheapest") && $0.contains("the end: 329 items") }
    #expect(!end.contains("330"), "\(end)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
