import Foundation
import TestSupport
import Testing

/// Ctrl-S and Ctrl-Q are keys like any other in the viewer: the terminal's flow control would freeze it.
extension ViewerEndToEndTests {
  @Test("Ctrl-S does not freeze the screen, and Ctrl-Q can be bound")
  func flowControlKeysReachTheViewer() throws {
    let folder = TemporaryDirectory("flow")
    defer { folder.remove() }
    let config = folder.write("config.toml", "[keys]\n\"C-q\" = \"quit\"\n")
    let pane = try TmuxPane(arguments: ["--no-images", "--config", config], width: 100, height: 30)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["C-s"])
    try pane.send(keys: ["j", "j", "j"])
    let screen = try pane.waitForScreen { $0.contains("row 4/") }
    #expect(screen.contains("row 4/"), "three rows down after Ctrl-S:\n\(screen)")
    try pane.send(keys: ["C-q"])
    try expectRestored(pane, status: "0")
  }
}
