import Foundation
import Testing

/// `G` over an imported catalogue in the release binary: the end of the masonry from the shapes the import packed
/// (several runs of them), in the dataset's order and in a sort.
extension ViewerEndToEndTests {
  @Test("a SQLite catalogue of 20,000 rows: G to the last row, then sorted by price, G to the dearest")
  func sqliteGoToEnd() throws {
    let (folder, database) = try Self.importedCatalogue(20_000)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(arguments: ["--no-images", database], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0") }
    try pane.send(keys: ["G"])
    let end = try pane.waitForScreen(seconds: 30) { $0.contains("the cheapest") && $0.contains("20000 items") }
    #expect(!end.contains("item 0 "), "\(end)")
    // G typed with the sort, before its first page is back: it goes to the end of the new order.
    try pane.send(keys: ["o", "G"])
    // The dearest is the row before the last (¥20098); the cheapest is first now, far above.
    let dearest = try pane.waitForScreen(seconds: 30) {
      $0.contains("by price") && $0.contains("the end: 20000 items") && $0.contains("item 19998 ")
    }
    #expect(!dearest.contains("the cheapest"), "\(dearest)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
