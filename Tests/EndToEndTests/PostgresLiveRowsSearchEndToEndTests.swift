import Foundation
import Testing

/// `r` on a PostgreSQL catalogue keeps the user's place with a search on too: the search is about what is shown,
/// and the rows another client added come after it in the same order.
extension ViewerEndToEndTests {
  @Test("a search on, another client INSERTs: r reads the row in keeping the focused item, the search kept")
  func postgresLiveRowsWithSearch() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let (address, folder, _) = try Self.postgresImported(300, environment)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(arguments: [address], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0") && $0.contains("50/300 items") }
    try pane.send(keys: ["/"])
    try pane.send(literal: "item 11")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen(seconds: 30) { $0.contains("match 1/") }
    // The place to keep: item #120 (titled item 119, a match), beyond the first page, focused.
    try pane.send(keys: [":"])
    try pane.send(literal: "120")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen(seconds: 30) { $0.contains("┃item 119 ") }
    try Self.psql(
      """
      INSERT INTO waterfall.items
      SELECT 301, w, h, img, '¥7', 'arrived live', shop, extra, price_up, price_down, title_key, search,
        shop_group, price_group, title_group, extra_group
      FROM waterfall.items WHERE id = 1
      """, at: address, environment)
    try pane.waitForScreen(seconds: 30) { $0.contains("1 new item · r shows it") }
    try pane.send(keys: ["r"])
    // Before the fix the view went back to the top (row 1, item 0 in view) with nothing focused or selected.
    let refreshed = try pane.waitForScreen(seconds: 30) {
      $0.contains("301 items") && $0.contains("┃item 119 ")
    }
    #expect(!refreshed.contains("sel #"), "focused, not selected: \(refreshed)")
    #expect(refreshed.contains("match "), "the search stays on: \(refreshed)")
    // n goes on from the place kept: the next match after item 119 is item 211 ("item" in its title, "11" in
    // its price ¥311).
    try pane.send(keys: ["n"])
    try pane.waitForScreen(seconds: 30) { $0.contains("┃item 211 ") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
