import Foundation
import TestSupport
import Testing

/// The status bar names the keys as the config file left them.
extension ViewerEndToEndTests {
  @Test("q bound elsewhere and Q to quit: the status bar says Q quit, and Q quits")
  func statusBarFollowsReboundQuit() throws {
    let folder = TemporaryDirectory("hints")
    defer { folder.remove() }
    let config = folder.write("config.toml", "[keys]\nq = \"half-page-down\"\nQ = \"quit\"\n")
    let pane = try TmuxPane(arguments: ["--no-images", "--config", config], width: 100, height: 30)
    let screen = try pane.waitForFirstFrame()
    #expect(screen.contains("? help  Q quit") && !screen.contains("q quit"), "\(screen)")
    try pane.send(keys: ["Q"])
    try expectRestored(pane, status: "0")
  }
}
