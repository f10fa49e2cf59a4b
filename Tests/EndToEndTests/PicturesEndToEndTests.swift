import Foundation
import Testing

/// Pictures through the release binary in tmux. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("pictures appear in 256 colours in the boxes, a resize draws them again, q exits 0")
  func picturesInColour() throws {
    let pane = try TmuxPane(arguments: [], width: 80, height: 24)
    let colored = { (pane: TmuxPane) throws -> String in try pane.tmux(["capture-pane", "-p", "-e", "-t", "e2e"]) }
    try pane.waitForScreen { $0.contains("▄") || $0.contains("▀") }
    var screen = try colored(pane)
    let deadline = Date().addingTimeInterval(10)
    while !screen.contains("38;5;") && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      screen = try colored(pane)
    }
    #expect(screen.contains("38;5;") && screen.contains("48;5;"), "256-colour pictures:\n\(screen)")
    let halfBlocksBefore = try pane.screen().components(separatedBy: "▄").count
    try pane.resize(width: 120, height: 40)
    let wide = try pane.waitForScreen { screen in
      let lines = screen.split(separator: "\n")
      return lines.contains { $0.count > 100 } && screen.components(separatedBy: "▄").count > halfBlocksBefore * 2
    }
    #expect(wide.contains("row 1/"))
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("TERM=xterm-direct draws pictures in direct colour")
  func picturesInDirectColour() throws {
    let pane = try TmuxPane(arguments: [], width: 80, height: 24, environment: ["TERM=xterm-direct"])
    try pane.waitForScreen { $0.contains("▄") || $0.contains("▀") }
    let deadline = Date().addingTimeInterval(10)
    var screen = ""
    repeat {
      screen = try pane.tmux(["capture-pane", "-p", "-e", "-t", "e2e"])
      if screen.contains("38;2;") { break }
      Thread.sleep(forTimeInterval: 0.1)
    } while Date() < deadline
    #expect(screen.contains("38;2;"), "direct colour reaches the terminal:\n\(screen)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
