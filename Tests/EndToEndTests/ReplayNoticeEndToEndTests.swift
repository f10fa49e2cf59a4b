import Foundation
import Testing

/// A live session whose link could not be opened (no browser) ends on that notice; its replay must too.
@Suite("A replay shows the live session's notices", .serialized)
struct ReplayNoticeEndToEndTests {
  init() throws { try TmuxPane.requireUsableBinary() }

  @Test("--record, x on an item with no browser to open it, then --replay --expect the live session's last screen")
  func openFailureReplays() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-notice-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let recording = directory.appendingPathComponent("session.cast").path
    let pane = try TmuxPane(
      arguments: ["--record", recording, "--record-input", "--no-images"], width: 90, height: 26,
      environment: ["BROWSER=/nonexistent/browser"])
    try pane.waitForScreen { $0.contains("60/180 items") && $0.contains("row 1/") }
    try pane.send(keys: ["x"])
    let live = try pane.waitForSteadyScreen { $0.contains("cannot open") }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }
    let golden = directory.appendingPathComponent("live.txt").path
    try live.write(toFile: golden, atomically: true, encoding: .utf8)
    let replay = try BinaryRun(["snapshot", "--replay", recording, "--expect", golden])
    #expect(replay.status == 0, "\(replay.output)\(replay.errors)")
  }
}
