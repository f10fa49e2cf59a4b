import Foundation
import Testing

/// The status bar names the keys as the config file left them.
extension ViewerEndToEndTests {
  @Test("q bound elsewhere and Q to quit: the status bar says Q quit, and Q quits")
  func statusBarFollowsReboundQuit() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-hints-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("config.toml")
    try Data("[keys]\nq = \"half-page-down\"\nQ = \"quit\"\n".utf8).write(to: config)
    let pane = try TmuxPane(arguments: ["--no-images", "--config", config.path], width: 100, height: 30)
    let screen = try pane.waitForScreen { $0.contains("┌") && $0.contains("row 1/") }
    #expect(screen.contains("? help  Q quit") && !screen.contains("q quit"), "\(screen)")
    try pane.send(keys: ["Q"])
    try expectRestored(pane, status: "0")
  }
}
