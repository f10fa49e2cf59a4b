import Foundation
import Testing

/// Kitty pictures through tmux's passthrough are placed at the pane's corner on the terminal: a split that moves
/// the pane must move them. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("kitty pictures in a tmux pane: a split that moves the pane places them again at its new corner")
  func kittyPicturesFollowThePane() throws {
    try TmuxPane.requireUsableBinary()
    let catalogue = TmuxPane.checkout.appendingPathComponent("Resources/catalogue").path
    let pane = try TmuxPane(
      arguments: ["--graphics", "kitty", catalogue], width: 100, height: 30, captureRawOutput: true,
      configuration: "set -g allow-passthrough on\n")
    try pane.waitForFirstFrame()
    // Placements come as passthrough: the cursor move to the picture's cell, then the place command.
    let placement = /\x1B\x1B\[(\d+);(\d+)H\x1B\x1B_Ga=p,/
    /// The columns of the placements after `offset`, and of those after the last deletion (the latest frame's).
    func columns(after offset: Int) throws -> (all: [Int], latest: [Int]) {
      let raw = try Data(contentsOf: pane.rawOutput)
      let text = String(decoding: raw.dropFirst(offset), as: UTF8.self)
      let all = text.matches(of: placement).compactMap { Int($0.output.2) }
      let latest = text.ranges(of: "a=d,d=i").last.map { String(text[$0.upperBound...]) } ?? text
      return (all, latest.matches(of: placement).compactMap { Int($0.output.2) })
    }
    #expect(try waitUntil { try !columns(after: 0).all.isEmpty }, "kitty placements at the start")
    // Waited for: each picture is placed as it arrives, between frames, not all in one frame.
    #expect(
      try waitUntil { try columns(after: 0).all.contains { $0 <= 4 } },
      "a picture in the first column, near the left edge")
    let before = try Data(contentsOf: pane.rawOutput).count
    // A pane 30 columns wide to the left: ours now starts at column 31 (after the border).
    try pane.tmux(["split-window", "-d", "-h", "-b", "-l", "30", "-t", "e2e", "sleep 600"])
    let left = Int(try pane.format("#{pane_left}").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    #expect(left == 31, "the pane moved")
    let moved = try waitUntil { try columns(after: before).all.contains { $0 > left } }
    #expect(moved, "placed again inside the moved pane after the split")
    // Polled: a read can land between a frame's deletion and its placements (a frame in the middle of being written).
    let settled = try waitUntil {
      let latest = try columns(after: before).latest
      return !latest.isEmpty && latest.allSatisfy { $0 > left }
    }
    let latest = try columns(after: before).latest
    #expect(settled, "the latest frame's placements: \(latest)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  /// Polls `condition` until it holds or 10 s pass; whether it held.
  private func waitUntil(_ condition: () throws -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if try condition() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }
}
