import Foundation
import Testing

extension ViewerEndToEndTests {
  /// Esc, then a wait for the prompt to close: a key sent right after Esc would be read with it as Alt+key.
  func closePrompt(_ pane: TmuxPane) throws {
    try pane.send(keys: ["Escape"])
    // The status bar is back: its parts (the position may have given its room to a filter's words).
    try pane.waitForScreen { Self.promptRow($0).contains(" │ ") }
  }

  /// The prompt row, the screen's last.
  static func promptRow(_ screen: String) -> String {
    String(screen.split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? "")
  }

  @Test(
    "as you type over 200,000 items: / counts its matches and goes back when nothing matches, & counts, : shows its range"
  )
  func promptsAsYouType() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("wf-typing-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    let records = (0..<200_000).map { index in
      "{\"w\": 200, \"h\": \(150 + index % 300), \"price\": \"¥\(100 + index)\", \"title\": \"item \(index)\"}"
    }
    try Data(("[\n" + records.joined(separator: ",\n") + "\n]").utf8).write(to: file)
    let pane = try TmuxPane(arguments: [file.path], width: 100, height: 30)
    try pane.waitForScreen(seconds: 30) { $0.contains("┌") && $0.contains("row 1/") && !$0.contains("reading") }
    try pane.send(keys: ["C-d"])
    let moved = try pane.waitForScreen { !$0.contains("row 1/") }
    let place = try #require(moved.firstMatch(of: /row \d+\//)).output

    try pane.send(keys: [":"])
    try pane.waitForScreen { Self.promptRow($0).hasSuffix("go to item # (1\u{2013}200,000)") }
    try pane.send(literal: "3")
    try pane.waitForScreen { Self.promptRow($0).hasSuffix("#3 item 2") }
    try pane.send(literal: "00000")
    try pane.waitForScreen { Self.promptRow($0).hasSuffix("no item #300000 (1\u{2013}200,000)") }
    try closePrompt(pane)
    try pane.send(keys: ["/"])
    try pane.send(literal: "item 19999")
    let counted = try pane.waitForScreen { Self.promptRow($0).contains(/1 of \d+$/) }
    #expect(Self.promptRow(counted).hasPrefix("/item 19999"))
    try pane.send(literal: "x")
    try pane.waitForScreen { Self.promptRow($0).hasSuffix("no match") }
    try closePrompt(pane)
    try pane.waitForScreen { $0.contains(place) }

    // The count shown while typing is the count Enter's answer gives.
    try pane.send(keys: ["&"])
    try pane.send(literal: "item 7777")
    let typed = try pane.waitForScreen { Self.promptRow($0).contains(/\d+ of 200,000 match$/) }
    let count = try #require(Self.promptRow(typed).firstMatch(of: /(\d+) of 200,000 match$/)).output.1
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen { $0.contains("\(count) of 200000 items match item 7777") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
