import Foundation
import Testing

/// `--pick` on a feed: the item's record is written from its fields, so a field the feed sent as a number must
/// come out a number. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("--pick on a feed prints the picked item's record with its numbers as numbers")
  func feedPickKeepsNumbers() throws {
    let server = try PictureServer()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-feed-pick-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("picked.jsonl").path
    let pane = try TmuxPane(
      arguments: ["--pick", server.url("/feed/page?page={page}&per=20&pages=1&stock=1")], outputFile: output)
    try pane.waitForScreen { $0.contains("0 marked") && $0.contains("Item 1") }
    try pane.send(literal: ":2")
    try pane.send(keys: ["Enter", "Enter"])
    try expectRestored(pane, status: "0")
    let picked = try String(contentsOfFile: output, encoding: .utf8)
    #expect(picked.contains(#""stock":6"#), "a number stays a number: \(picked)")
    #expect(picked.contains(#""id":"page-2""#), "text stays text: \(picked)")
  }
}
