import Foundation
import Testing

/// The release binary under a storm of picture fetches that it cancels itself: 3,000 pictures from the loopback
/// server with random delays, every seventh body past the size limit, paged through as fast as keys go, so boxes
/// leave the screen before, while and just after their pictures arrive. FoundationNetworking's URLSession could
/// trap on such a cancel racing a completion; the viewer must keep drawing and exit cleanly.
extension ViewerEndToEndTests {
  @Test("3,000 pictures paged through as fast as keys go: every fetch cancelled at some moment, no crash, exit 0")
  func pictureFetchStorm() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-e2e-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try PictureServer(lifetime: 600)
    var random = SystemRandomNumberGenerator()
    let items = (0..<3000).map { index in
      let delay = Int.random(in: 0...120, using: &random)
      let img =
        index % 7 == 0
        ? server.url("/huge?mb=21&n=\(index)") : server.url("/picture/storm-\(index).png?size=96x72&delay=\(delay)")
      return (title: "item \(index)", img: img)
    }
    let dataset = try PictureServer.writeDataset(items, in: folder)
    let pane = try TmuxPane(arguments: [dataset], environment: ["XDG_CACHE_HOME=\(folder)/cache"])
    try pane.waitForScreen(seconds: 30) { $0.contains("item 0") }
    // Keys typed faster than frames are drawn are taken together, and a screen skipped asks for nothing: after each
    // burst, wait until the screen it ended on has asked for a picture, then leave it at once.
    var asked = 0
    for round in 0..<60 {
      try pane.send(keys: Array(repeating: round % 8 == 7 ? "PageUp" : "PageDown", count: 4))
      let seen = asked
      #expect(Self.waitForStorm(server, past: seen, seconds: 30), "round \(round) asked for pictures")
      asked = Self.stormRequests(server)
    }
    try pane.send(keys: ["End"])
    try pane.waitForScreen(seconds: 60) { $0.contains("item 2999") }
    try pane.send(keys: ["Home"])
    try pane.waitForScreen(seconds: 60) { $0.contains("item 0") }
    #expect(Self.stormRequests(server) > 100, "pictures were asked for: \(Self.stormRequests(server))")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0", seconds: 30)
  }

  /// The storm's picture requests the server has seen so far.
  static func stormRequests(_ server: PictureServer) -> Int {
    server.counts().byPath.filter { $0.key.hasPrefix("/picture/storm-") || $0.key == "/huge" }.values.reduce(0, +)
  }

  /// Waits until the server has seen more than `count` of the storm's requests, at most `seconds`; whether it did.
  static func waitForStorm(_ server: PictureServer, past count: Int, seconds: Double) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while stormRequests(server) <= count {
      guard ContinuousClock.now < deadline else { return false }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return true
  }
}
