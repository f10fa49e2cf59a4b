import Foundation
import Testing

/// An imported catalogue whose row was changed by hand to a value of the wrong type: the release binary, no
/// options, shows the good rows and names the bad one; `check` names it and exits 1. It used to die on a `try!`.
extension ViewerEndToEndTests {
  @Test("a row with text for its height: the viewer opens on the good rows and names it, check exits 1 naming it")
  func sqliteBadRow() throws {
    let (folder, database) = try Self.importedCatalogue(10)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Row 3 is "item 2" (the titles count from 0).
    let spoil = try BinaryRun(shell: "sqlite3 '\(database)' \"UPDATE items SET h = 'abc' WHERE id = 3\"")
    try #require(spoil.status == 0, "sqlite3: \(spoil.errors)")

    let pane = try TmuxPane(arguments: [database], width: 200, height: 40)
    let screen = try pane.waitForScreen {
      $0.contains("item 1") && $0.contains("item 3") && $0.contains("item 3: h: not a number: \"abc\"")
    }
    #expect(!screen.contains("item 2"), "the bad row is left out: \(screen)")
    #expect(screen.contains("skipped \(database): item 3: h"), "the notice names the file and the row: \(screen)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")

    let checked = try BinaryRun(["check", database])
    #expect(checked.status == 1, "\(checked.output)\(checked.errors)")
    #expect((checked.output + checked.errors).contains("\(database): item 3: h: not a number: \"abc\""))
    #expect(checked.output.contains("9 items, 1 problem"), "\(checked.output)")
  }
}
