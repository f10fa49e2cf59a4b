import Foundation
import Testing

/// The locale a user's environment names, as the release binary meets it in tmux. An extension of the one
/// serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("a UTF-8 locale this machine lacks (LANG=xx_XX.UTF-8) still draws Unicode: borders, the header's dot, CJK")
  func missingUTF8LocaleDrawsUnicode() throws {
    let pane = try TmuxPane(
      arguments: ["--no-images"], width: 90, height: 26, environment: ["LANG=xx_XX.UTF-8", "LC_ALL=", "LC_CTYPE="])
    let screen = try pane.waitForScreen { $0.contains("60/180 items") && $0.contains("row 1/") }
    #expect(screen.contains("┌") && screen.contains("Waterfall · Shop catalogue"), "\(screen)")
    #expect(!screen.contains("+---"), "drawn in ASCII: \(screen)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("a session drawn in ASCII for want of a UTF-8 locale (LANG=C) records it: its replay draws ASCII too")
  func asciiSessionReplaysInASCII() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-locale-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("session.cast").path
    let pane = try TmuxPane(
      arguments: ["--record", recording, "--record-input", "--no-images"], width: 90, height: 26,
      environment: ["LANG=C", "LC_ALL=C"])
    try pane.waitForScreen { $0.contains("60/180 items") && $0.contains("row 1/") }
    try pane.send(keys: ["j"])
    let live = try pane.waitForSteadyScreen { $0.contains("row 2/") }
    #expect(live.contains("+---") && !live.contains("┌"), "\(live)")
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }
    // The borders and the status line as the session drew them; the titles' CJK, which the ASCII terminal showed as
    // "?", the replay keeps (it draws the screen, not a terminal's limits).
    let replay = try BinaryRun(["snapshot", "--replay", recording])
    #expect(replay.status == 0, "\(replay.errors)")
    let lines = replay.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count >= 2 && live.split(separator: "\n").dropFirst().first.map(String.init) == lines[1])
    #expect(replay.output.contains("row 2/") && !replay.output.contains("┌"), "\(replay.output)")
  }
}
