import Foundation
import Testing

/// A shop's application adds a product to an imported catalogue with a plain INSERT of the fields it knows: the
/// server's trigger gives the row its id and keys, and the open viewer shows it where an imported row would be.
extension ViewerEndToEndTests {
  @Test("a plain psql INSERT of title, price and sides is announced, sorted by its price, found by a search")
  func postgresPlainInsert() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let (address, folder, _) = try Self.postgresImported(300, environment)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(arguments: [address, "--sort", "price"], width: 100, height: 30)
    // The imported catalogue's cheapest (¥9) is first.
    try pane.waitForScreen { $0.contains("┌") && $0.contains("the cheapest") && $0.contains("50/300 items") }
    try Self.psql(
      """
      INSERT INTO waterfall.items (title, price, w, h, shop) VALUES ('Zébra Scarf', 'US$ 0.50', 200, 150, 'Shop Z')
      """, at: address, environment)
    try pane.waitForScreen(seconds: 30) { $0.contains("1 new item · r shows it") }
    try pane.send(keys: ["r"])
    // Cheaper than ¥9 by the price rules the server applied ("US$ 0.50" reads as 0.5): first, before it.
    let refreshed = try pane.waitForScreen(seconds: 30) { $0.contains("301 items") && $0.contains("Zébra Scarf") }
    let lines = refreshed.split(separator: "\n")
    let zebra = try #require(lines.firstIndex { $0.contains("Zébra Scarf") })
    let cheapest = try #require(lines.firstIndex { $0.contains("the cheapest") })
    #expect(zebra < cheapest, "\(refreshed)")
    // Found folded, as an imported row is: no accent, any case.
    try pane.send(keys: ["/"])
    try pane.send(literal: "zebra")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen(seconds: 30) { $0.contains("match 1/1") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
