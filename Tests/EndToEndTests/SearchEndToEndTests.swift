import Foundation
import Testing

/// Finding things through the release binary in tmux. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("/ then a Chinese word and Enter: the match is highlighted and counted")
  func searchChinese() throws {
    let pane = try TmuxPane(arguments: ["--no-images"], width: 100, height: 30)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["/"])
    try pane.send(literal: "连衣裙")
    try pane.waitForScreen { $0.contains("/连衣裙") }
    try pane.send(keys: ["Enter"])
    let screen = try pane.waitForScreen { $0.contains("match 1/") }
    #expect(screen.contains("连衣裙"))
    // Black on cyan, bold: the highlight, around the matched word.
    let colored = try pane.tmux(["capture-pane", "-p", "-e", "-t", "e2e"])
    let highlighted = colored.components(separatedBy: "\u{1B}[").contains {
      $0.hasPrefix("46m连") || $0.hasPrefix("46m") && $0.contains("连衣裙")
    }
    #expect(highlighted, "the match is drawn black on cyan:\n\(colored)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}

extension ViewerEndToEndTests {
  @Test("i opens the reuse inspector; scrolling moves its layout-pass log")
  func inspectorLogMoves() throws {
    let pane = try TmuxPane(arguments: ["--no-images"], width: 110, height: 30)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["i"])
    let opened = try pane.waitForScreen { $0.contains("Reuse inspector") && $0.contains("pass ") }
    let firstPass = Self.newestPass(opened)
    try pane.send(keys: ["C-d"])
    let moved = try pane.waitForScreen { Self.newestPass($0) > firstPass }
    // Items by their number, cells by theirs: "+ #12 <- c3 from pool (r1)".
    #expect(moved.contains(" <- c") || moved.contains("<- new c"), "items entering with their cells")
    #expect(!moved.contains("cell #"), "#N is an item, never a cell")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  /// The highest pass number the inspector's log shows.
  static func newestPass(_ screen: String) -> Int {
    screen.components(separatedBy: " pass ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? -1
  }
}
