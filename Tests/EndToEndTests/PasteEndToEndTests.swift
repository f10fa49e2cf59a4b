import Foundation
import Testing

/// Pasting into the release binary in tmux: `paste-buffer -p` brackets the text only when the viewer asked for
/// bracketed paste, so these see the whole chain (mode on, decoded as one paste, typed into the prompt, mode
/// off). An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  /// Pastes `text` into the pane as a terminal pastes it.
  private func paste(_ text: String, into pane: TmuxPane) throws {
    try pane.tmux(["set-buffer", "-b", "pasted", text])
    try pane.tmux(["paste-buffer", "-p", "-b", "pasted", "-t", "e2e"])
  }

  /// The bracketed-paste mode switches written to the pane, in order: `h` on, `l` off.
  private func pasteSwitches(_ pane: TmuxPane) throws -> [Character] {
    let raw = String(decoding: try Data(contentsOf: pane.rawOutput), as: UTF8.self)
    return raw.components(separatedBy: "\u{1B}[?2004").dropFirst().compactMap(\.first)
  }

  /// The last of ``pasteSwitches(_:)`` once it is `expected`, else (after a generous deadline) whatever it is, nil
  /// for none. The raw output reaches its file through tmux's pipe a moment after the screen shows it.
  private func lastPasteSwitch(_ pane: TmuxPane, becoming expected: Character) throws -> Character? {
    let deadline = Date().addingTimeInterval(10)
    var last = try pasteSwitches(pane).last
    while last != expected && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.02)
      last = try pasteSwitches(pane).last
    }
    return last
  }

  @Test("a paste with line breaks and q into / stays text in the prompt; the viewer runs on and turns the mode off")
  func pasteIntoSearch() throws {
    let pane = try TmuxPane(arguments: [], captureRawOutput: true)
    try pane.waitForFirstFrame()
    #expect(try lastPasteSwitch(pane, becoming: "h") == "h", "bracketed paste asked for")
    try pane.send(keys: ["/"])
    try pane.waitForScreen { $0.split(separator: "\n").last?.hasPrefix("/") == true }
    try paste("multi\nline q", into: pane)
    try pane.waitForScreen { $0.contains("/multi line q") }
    #expect(try pane.format("#{alternate_on}") == "1", "still running: the paste's Enter and q were no keys")
    try pane.send(keys: ["Escape"])
    try pane.waitForScreen { $0.contains("row 1/") && !$0.contains("/multi line q") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    #expect(try lastPasteSwitch(pane, becoming: "l") == "l", "bracketed paste off when the terminal is put back")
  }

  @Test("Ctrl-Z turns bracketed paste off for the shell; fg turns it on again and a paste is still text")
  func pasteAfterSuspend() throws {
    let pane = try TmuxPane(arguments: [], captureRawOutput: true, interactiveShell: true)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["C-z"])
    try pane.waitForScreen { $0.contains("Stopped") }
    // bash's readline turns the mode on for its own prompt: what counts is that an off came after the viewer's
    // last on, which is then the last on but one.
    let switches = try pasteSwitches(pane)
    let ons = switches.indices.filter { switches[$0] == "h" }
    let lastOff = try #require(switches.lastIndex(of: "l"), "no bracketed paste off at all: \(switches)")
    #expect(ons.count < 2 || lastOff > ons[ons.count - 2], "the viewer's on never went off: \(switches)")
    try pane.send(literal: "fg")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen { $0.contains("row 1/") && $0.contains("┌") }
    #expect(try lastPasteSwitch(pane, becoming: "h") == "h", "on again after fg")
    try pane.send(keys: ["/"])
    try pane.waitForScreen { $0.split(separator: "\n").last?.hasPrefix("/") == true }
    try paste("wool\nq", into: pane)
    try pane.waitForScreen { $0.contains("/wool q") }
    try pane.send(keys: ["Escape"])
    try pane.waitForScreen { $0.contains("row 1/") && !$0.contains("/wool q") }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains(TmuxPane.prompt) && !$0.contains("row 1/") }
    try pane.reportStatus()
    try expectRestored(pane, status: "0")
  }

  @Test("with --pick, a paste ending in two line breaks into / picks nothing and does not exit")
  func pasteIntoSearchWhilePicking() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("paste-picks-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let pane = try TmuxPane(arguments: ["--pick", "--print", "title"], outputFile: output.path)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["/"])
    try pane.waitForScreen { $0.split(separator: "\n").last?.hasPrefix("/") == true }
    try paste("olive coat\n\n", into: pane)
    try pane.waitForScreen { $0.contains("/olive coat") }
    #expect(try pane.format("#{alternate_on}") == "1", "still running: the paste's Enters picked nothing")
    try pane.send(keys: ["Escape"])
    try pane.waitForScreen { $0.contains("row 1/") && !$0.contains("/olive coat") }
    try pane.send(keys: ["Escape"])
    try expectRestored(pane, status: "130")
    #expect((try? String(contentsOf: output, encoding: .utf8)) ?? "" == "", "nothing was picked")
  }
}
