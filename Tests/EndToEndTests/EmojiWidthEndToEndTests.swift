import Foundation
import TestSupport
import Testing

/// An emoji made a picture by its presentation selector (❄️) takes one column in some terminals (tmux) and two in
/// others: whatever was drawn beside it before must not stay there.
extension ViewerEndToEndTests {
  @Test("a title with ❄️ drawn where other text was leaves no stale character beside it")
  func presentationSelectorEmojiLeavesNoStaleCell() throws {
    let folder = TemporaryDirectory("emoji")
    defer { folder.remove() }
    let items = """
      [{"w": 100, "h": 100, "price": "¥50", "title": "xyzw xyzw"},
       {"w": 100, "h": 100, "price": "¥10", "title": "❄️ ok"}]
      """
    let file = folder.write("items.json", items)
    let pane = try TmuxPane(arguments: ["--no-images", file], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("xyzw xyzw") && $0.contains("❄️") }
    // Sorted by price: the ❄️ title moves to where "xyzw" was drawn.
    try pane.send(keys: ["o"])
    let screen = try pane.waitForScreen { $0.contains("sorted by price") }
    let line = try #require(screen.split(separator: "\n").first { $0.contains("│❄️") }, "\(screen)")
    // The rest of the ❄️ box's line: the title's "ok" and blanks, nothing of "xyzw" drawn there before.
    let rest = line[line.range(of: "│❄️")!.upperBound...].prefix { $0 != "│" }
    #expect(rest.trimmingCharacters(in: .whitespaces) == "ok", "left beside the emoji: \(line)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
