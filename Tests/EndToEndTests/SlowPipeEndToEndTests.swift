import Foundation
import Testing

/// A pipe slow to send its first items: the viewer cannot open yet (a dataset that turns out bad is refused
/// before the terminal is touched), but the user is told what it waits for, `q` quits at once, and keys typed
/// meanwhile reach the viewer once it opens. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("a pipe that has sent nothing yet: the wait is said, q quits at once with status 0, the terminal as it was")
  func nothingPipedYet() throws {
    // Spaces only, a few a second: nothing to show, for ever, yet the writer ends as soon as the reader is gone.
    let pane = try TmuxPane(arguments: [], pipedFrom: "while sleep 0.2; do printf ' '; done")
    try pane.waitForScreen { $0.contains("waterfall: waiting for standard input... q quits") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    #expect(try !pane.screen().contains("waiting for"), "the notice is cleared")
  }

  @Test("keys typed while the pipe's first items are awaited are kept, and applied once the viewer opens")
  func keysTypedWhileAwaited() throws {
    let (folder, file, _) = try Self.pipeCatalogue()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pane = try TmuxPane(arguments: [], pipedFrom: "{ sleep 3; cat \(TmuxPane.quote(file)); }")
    try pane.waitForScreen { $0.contains("waiting for standard input") }
    try pane.send(keys: ["j", "j"])
    try pane.waitForScreen { $0.contains("row 3/") && $0.contains("│ 30 items │") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
