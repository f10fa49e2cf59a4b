import Foundation
import Testing

/// Far jumps live: the release binary measures the result once and goes there, instead of loading every page
/// before the item; a sort after a search shows the new order from its top. An extension of the one serialized
/// end-to-end suite.
extension ViewerEndToEndTests {
  /// 50,000 items priced ¥100 up; the last one, the cheapest (¥9), is the only zyzzyva.
  static func farCatalogue() throws -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("wf-jumps-\(UUID().uuidString).json")
    let count = 50_000
    let records = (0..<count).map { index in
      let (price, title) = index == count - 1 ? ("¥9", "zyzzyva") : ("¥\(100 + index)", "item \(index)")
      return "{\"w\": 200, \"h\": \(150 + index % 300), \"price\": \"\(price)\", \"title\": \"\(title)\"}"
    }
    try Data(("[\n" + records.joined(separator: ",\n") + "\n]").utf8).write(to: file)
    return file
  }

  @Test("/ to the last of 50,000 items; a sort after it shows the top, n the match again; :N to the middle")
  func farJumps() throws {
    let file = try Self.farCatalogue()
    defer { try? FileManager.default.removeItem(at: file) }
    let pane = try TmuxPane(arguments: ["--no-images", file.path], width: 100, height: 30)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["/"])
    try pane.send(literal: "zyzzyva")
    try pane.send(keys: ["Enter"])
    let found = try pane.waitForScreen(seconds: 30) { $0.contains("zyzzyva  ") && $0.contains("match 1/1") }
    #expect(found.contains("50000 items"))
    // Dearest first with the search on: the new order from its top, not at the match (now the very last).
    try pane.send(keys: ["o", "o"])
    // The count comes when the source has looked through the new order.
    let sorted = try pane.waitForScreen(seconds: 30) { $0.contains("highest first") && $0.contains("match 1/1") }
    #expect(sorted.contains("row 1/") && sorted.contains("¥50098") && !sorted.contains("zyzzyva"), "\(sorted)")
    try pane.send(keys: ["n"])
    try pane.waitForScreen(seconds: 30) { $0.contains("zyzzyva  ") && $0.contains("¥9 ") }
    try pane.send(keys: [":"])
    try pane.send(literal: "25000")
    try pane.send(keys: ["Enter"])
    // Item #25000 (¥25099), in the middle of the price order.
    try pane.waitForScreen(seconds: 30) { $0.contains("item 24999 ") && $0.contains("¥25099") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("a SQLite catalogue: / to its last row, then :N to the middle")
  func sqliteFarJumps() throws {
    let (folder, database) = try Self.importedCatalogue(3_000)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(arguments: ["--no-images", database], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0") }
    try pane.send(keys: ["/"])
    try pane.send(literal: "cheapest")
    try pane.send(keys: ["Enter"])
    // The whole table laid out (measured, or paged through: the viewer tests tell which), the last row loaded.
    let found = try pane.waitForScreen(seconds: 30) { $0.contains("the cheapest") && $0.contains("match 1/1") }
    #expect(found.contains("3000 items") && found.contains("¥9 "), "\(found)")
    try pane.send(keys: [":"])
    try pane.send(literal: "1500")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen(seconds: 30) { $0.contains("item 1499 ") && $0.contains("¥1599") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}

extension ViewerEndToEndTests {
  @Test("Ctrl-O after G and after :N returns where each began; o one row below the top shows the cheapest first")
  func jumpListAndSortFromTheTop() throws {
    let file = try Self.farCatalogue()
    defer { try? FileManager.default.removeItem(at: file) }
    let pane = try TmuxPane(arguments: [file.path], width: 100, height: 30)
    try pane.waitForScreen(seconds: 30) { $0.contains("┌") && $0.contains("50000 items") }
    try pane.send(keys: ["C-d"])
    let start = try pane.waitForScreen { !$0.contains("row 1/") }
    let place = try #require(start.firstMatch(of: /row \d+\//)).output
    try pane.send(keys: ["G"])
    try pane.waitForScreen(seconds: 30) { $0.contains("zyzzyva") }
    try pane.send(keys: ["C-o"])
    try pane.waitForScreen { $0.contains(place) && !$0.contains("zyzzyva") }
    try pane.send(keys: [":"])
    try pane.send(literal: "25000")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen(seconds: 30) { $0.contains("item 24999 ") }
    try pane.send(keys: ["C-o"])
    try pane.waitForScreen { $0.contains(place) && !$0.contains("item 24999 ") }
    try pane.send(keys: ["Tab"])
    try pane.waitForScreen { $0.contains("item 24999 ") }

    // One row below the top, nothing focused: "lowest first" shows the cheapest, from the top.
    try pane.send(keys: ["g"])
    try pane.waitForScreen { $0.contains("row 1/") }
    try pane.send(keys: ["j"])
    try pane.waitForScreen { $0.contains("row 2/") }
    try pane.send(keys: ["o"])
    let sorted = try pane.waitForScreen(seconds: 30) { $0.contains("sorted by price, lowest first") }
    #expect(sorted.contains("zyzzyva") && sorted.contains("¥9 ") && sorted.contains("row 1/"), "\(sorted)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
