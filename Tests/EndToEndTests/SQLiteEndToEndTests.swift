import Foundation
import Testing

/// A SQLite catalogue in the release binary: imported, opened in tmux, sorted, filtered, left as it was.
extension ViewerEndToEndTests {
  /// A folder with `count` items priced ¥100 up, the last the cheapest (¥9), imported into `shop.sqlite`.
  static func importedCatalogue(_ count: Int) throws -> (folder: URL, database: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-sqlite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let records = (0..<count).map { index in
      let (price, title) = index == count - 1 ? ("¥9", "the cheapest") : ("¥\(100 + index)", "item \(index)")
      return "{\"w\": 200, \"h\": \(150 + index % 300), \"price\": \"\(price)\", \"title\": \"\(title)\"}"
    }
    let source = folder.appendingPathComponent("items.jsonl").path
    try Data(records.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: source))
    let database = folder.appendingPathComponent("shop.sqlite").path
    let run = try BinaryRun(["import", source, database])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasPrefix("\(database): \(count) items imported, 0 items skipped for problems, "))
    return (folder, database)
  }

  @Test("a SQLite catalogue opens in tmux: sorted by price, filtered, counted, and left unchanged")
  func sqliteCatalogue() throws {
    let (folder, database) = try Self.importedCatalogue(300)
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    let modified = try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date
    let pane = try TmuxPane(arguments: ["--no-images", database], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0") && $0.contains("50/300 items") }
    // G: every height measured off the main loop, the view at the real end with the last row loaded.
    try pane.send(keys: ["G"])
    // The notice comes with the layout; the last page's text as soon as it is fetched.
    let end = try pane.waitForScreen { $0.contains("the end: 300 items") && $0.contains("the cheapest") }
    #expect(end.contains("the cheapest") && end.contains("¥9 "), "the table's last row, loaded: \(end)")
    try pane.send(keys: ["g"])
    try pane.waitForScreen { $0.contains("item 0") }
    try expectCheapestFirstThenAlone(in: pane)
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "not a byte written")
    #expect(try FileManager.default.attributesOfItem(atPath: database)[.modificationDate] as? Date == modified)
  }

  @Test("an unusable SQLite file: one line naming the file and why, exit status 2, the terminal never touched")
  func unusableDatabase() throws {
    let (folder, database) = try Self.importedCatalogue(3)
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("notes.sqlite").path
    try Data("not a database at all, but long enough to look like one".utf8).write(to: URL(fileURLWithPath: text))
    let pane = try TmuxPane(arguments: [text], width: 200, height: 30)
    let screen = try pane.waitForScreen { $0.contains("EXIT=") }
    #expect(screen.contains("waterfall: \(text): not a SQLite database") && screen.contains("EXIT=2"), "\(screen)")
    #expect(try pane.format("#{alternate_on}") == "0", "the alternate screen was never entered")
    let missing = try BinaryRun(["snapshot", "--table", "products", database])
    #expect(missing.status == 2 && missing.errors.hasPrefix("waterfall: \(database): no table named products ("))
    let again = try BinaryRun(["import", folder.appendingPathComponent("items.jsonl").path, database])
    #expect(
      again.status == 2
        && again.errors == "waterfall: \(database): already exists (--replace writes over it, --append adds to it)\n")
    let checked = try BinaryRun(["check", database])
    #expect(checked.status == 0 && checked.output == "3 items, 0 problems\n")
  }
}
