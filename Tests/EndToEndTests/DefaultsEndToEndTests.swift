import Foundation
import Testing

/// What a user gets with no options: a part of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("keys typed before the source's first items are kept and applied once they arrive, not dropped")
  func keysTypedWhileOpeningAreKept() throws {
    let (folder, file, _) = try Self.pipeCatalogue(count: 60)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A producer that stops for a while after a few items: the viewer is up, still waiting for its first page.
    let quoted = TmuxPane.quote(file)
    let pane = try TmuxPane(
      arguments: ["--no-images"], pipedFrom: "{ head -c 600 \(quoted); sleep 3; tail -c +601 \(quoted); }")
    try pane.waitForScreen { $0.contains("loading the catalogue") }
    try pane.send(keys: ["j", "j", "j"])
    let screen = try pane.waitForScreen(seconds: 20) { $0.contains("60 items") && $0.contains("row ") }
    #expect(screen.contains("row 4/"), "three rows down, as typed:\n\(screen)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("the terminal cursor rests on the focused box's title (screen readers follow it), else on the status line")
  func cursorFollowsTheFocus() throws {
    let pane = try TmuxPane(arguments: ["--no-images"], width: 100, height: 30)
    var screen = try pane.waitForFirstFrame()
    #expect(try pane.format("#{cursor_y}") == "29", "no focus: the status line\n\(screen)")
    try pane.send(keys: ["l"])
    // A capture can catch a frame half written (the heavy top border before the sides): read the cursor between
    // two equal captures, so both come from the one finished frame.
    var (x, y) = (-1, -1)
    screen = try pane.waitForScreen { first in
      guard first.contains("┏") else { return false }
      x = (try? pane.format("#{cursor_x}")).flatMap { Int($0) } ?? -1
      y = (try? pane.format("#{cursor_y}")).flatMap { Int($0) } ?? -1
      return (try? pane.screen()) == first
    }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Self.byColumn)
    try #require(y >= 0 && y < lines.count && x >= 1 && x < lines[y].count, "cursor at \(x),\(y)\n\(screen)")
    let line = screen.split(separator: "\n", omittingEmptySubsequences: false)[y]
    #expect(lines[y][x - 1] == "┃", "inside the focused (heavy) box: \(line)")
    #expect(lines[y][x].isLetter || lines[y][x].isNumber, "on its title: \(line)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  /// A captured line as terminal columns: a wide character (CJK, emoji) fills two, the second a NUL.
  static func byColumn(_ line: Substring) -> [Character] {
    line.flatMap { character -> [Character] in
      let value = character.unicodeScalars.first?.value ?? 0
      let wide =
        (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
        || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value) || value >= 0x1F300
      return wide ? [character, "\0"] : [character]
    }
  }
}
