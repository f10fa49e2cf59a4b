import Foundation
import Testing

/// `G` over a PostgreSQL catalogue in the release binary: the end of the whole result from the shapes the import
/// packed (several runs of them), not of the items loaded, in the dataset's order and in a sort.
extension ViewerEndToEndTests {
  @Test("a PostgreSQL catalogue of 20,000 rows: G to the last row, then sorted by price, G to the dearest")
  func postgresGoToEnd() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let (address, folder, _) = try Self.postgresImported(20_000, environment)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(arguments: [address], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0") }
    try pane.send(keys: ["G"])
    let end = try pane.waitForScreen(seconds: 30) { $0.contains("the cheapest") && $0.contains("20000 items") }
    #expect(!end.contains("item 0 "), "\(end)")
    try pane.send(keys: ["o", "G"])
    let dearest = try pane.waitForScreen(seconds: 30) {
      $0.contains("by price") && $0.contains("the end: 20000 items") && $0.contains("item 19998 ")
    }
    #expect(!dearest.contains("the cheapest"), "\(dearest)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
