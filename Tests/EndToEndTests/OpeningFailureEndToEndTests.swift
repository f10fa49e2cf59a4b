import Foundation
import Testing

/// A pipe that turns out bad after the opening watch's notice is up: the notice's line is cleared before the
/// message, so the message reads on its own line. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("a pipe found bad after the wait was said: its message starts a clean line, the notice gone")
  func badPipeAfterNotice() throws {
    let pane = try TmuxPane(arguments: [], pipedFrom: "{ sleep 2; echo '[{\"w\": 1,'; }")
    try pane.waitForScreen { $0.contains("waiting for standard input") }
    let screen = try pane.waitForScreen { $0.contains("EXIT=") }
    let lines = screen.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("waterfall: stdin: not valid JSON") }, "\(screen)")
    #expect(!screen.contains("q quits"), "the notice is cleared before the message:\n\(screen)")
    #expect(lines.contains("EXIT=2"), "\(screen)")
  }
}
