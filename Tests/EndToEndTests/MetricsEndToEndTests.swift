import Foundation
import TestSupport
import Testing

/// The session's metrics as the release binary measures them in a terminal: frames timed, pictures arriving
/// after their boxes, `--show-stats` on exit and the recording's markers.
@Suite("The session's metrics in the terminal", .serialized)
struct MetricsEndToEndTests {
  init() throws { try TmuxPane.requireUsableBinary() }

  @Test("--show-stats with the defaults: on q the figures follow the restored screen, the frames timed")
  func showStatsOnExit() throws {
    let pane = try TmuxPane(arguments: ["--show-stats"], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("60/180 items") }
    for key in ["C-d", "C-d", "j", "G"] { try pane.send(keys: [key]) }
    try pane.waitForSteadyScreen { $0.contains("180 items") && $0.contains("100%") }
    try pane.send(keys: ["q"])
    let screen = try pane.waitForScreen { $0.contains("EXIT=0") }
    for label in [
      "cells created", "blank area", "binds", "create time", "late frames", "prefetch hits", "pictures drawn",
    ] {
      #expect(screen.contains(label), "\(label) is not in:\n\(screen)")
    }
    // Measured in a terminal: a count of frames, and means in microseconds or milliseconds.
    #expect(screen.contains(try Regex("late frames +[0-9]+ of [0-9]+ over 16.7 ms")), "\(screen)")
    #expect(screen.contains(try Regex("binds +[0-9]+, [0-9.]+ (us|ms) each")), "\(screen)")
    #expect(!screen.contains("not measured"), "\(screen)")
  }

  @Test("--record with the defaults: the blank area's growth is a marker in the cast, which replays as before")
  func markersInTheRecording() throws {
    let folder = TemporaryDirectory("metrics-cast")
    defer { folder.remove() }
    let recording = folder.file("session.cast")
    let pane = try TmuxPane(arguments: ["--record", recording], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("60/180 items") }
    try pane.send(keys: ["C-d"])
    try pane.waitForSteadyScreen { $0.contains("row ") }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }
    let cast = try String(contentsOfFile: recording, encoding: .utf8)
    // Pictures arrive after the first frame that shows their boxes: that frame's blank cells are the most yet.
    #expect(cast.contains("\"m\", \"blank area: "), "no blank-area marker in:\n\(cast.prefix(600))")
    #expect(try BinaryRun(["snapshot", "--replay", recording]).status == 0, "a replay passes the markers by")
  }
}
