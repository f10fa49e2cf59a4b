import Foundation
import Testing

/// The crash path, through the release binary in tmux. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("a crash ends any synchronized update first when it restores the terminal: a crash mid-frame cannot freeze it")
  func crashEndsSynchronizedUpdate() throws {
    let pane = try TmuxPane(arguments: [], environment: ["WATERFALL_CRASH_KEY=1"], captureRawOutput: true)
    try pane.waitForFirstFrame()
    try pane.send(keys: ["!"])
    // The exit waits for the Swift runtime to symbolicate the backtrace, slow on a busy machine.
    try expectRestored(pane, status: "\(128 + SIGILL)", seconds: 60)
    let raw = [UInt8](try Data(contentsOf: pane.rawOutput))
    // The crash handler's restoring bytes: the synchronized update ended, then mouse reporting off.
    let restoring = Array("\u{1B}[?2026l\u{1B}[?1000l\u{1B}[?1002l".utf8)
    let found = raw.indices.contains { start in raw[start...].starts(with: restoring) }
    #expect(found, "no end of a synchronized update before the crash's restoring sequence")
  }
}
