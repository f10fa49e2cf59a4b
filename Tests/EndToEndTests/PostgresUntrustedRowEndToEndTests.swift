import Foundation
import Testing

/// A row is untrusted input whoever wrote it: another client setting absurd sides while a viewer is open is a row
/// left out and named, never a trap.
extension ViewerEndToEndTests {
  @Test("another client sets a row's sides to 1e-150 by 1e150 while the viewer is open: r names it, the rest browse")
  func postgresAbsurdRow() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let (address, folder, _) = try Self.postgresImported(300, environment)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(arguments: [address], width: 150, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0 ") && $0.contains("50/300 items") }
    try Self.psql("UPDATE waterfall.items SET w = 1e-150, h = 1e150 WHERE id = 2", at: address, environment)
    try pane.send(keys: ["r"])
    let refreshed = try pane.waitForScreen(seconds: 30) { $0.contains("skipped") }
    #expect(refreshed.contains("item 2: w: must be between"), "\(refreshed)")
    #expect(!refreshed.contains("item 1 "), "the row left out: \(refreshed)")
    // `:2` names the row left out rather than doing nothing.
    try pane.send(keys: [":", "2", "Enter"])
    try pane.waitForScreen { $0.contains("item #2 is not shown: left out for a problem") }
    // The item beside the one left out opens in the detail, and the viewer goes on.
    try pane.send(keys: ["Enter", "l", "Enter"])
    try pane.waitForScreen { $0.contains("Item #3") && $0.contains("¥102") }
    try pane.send(keys: ["Escape"])
    Thread.sleep(forTimeInterval: 0.3)
    try pane.send(keys: ["j", "q"])
    try expectRestored(pane, status: "0")
  }
}
