import Foundation
import TestSupport
import Testing

/// A feed item's fields as the feed sent them: `--pick` writes the record from its fields (a number stays a
/// number), and a page given relative to the feed is one `y` and `x` can use. An extension of the one serialized
/// end-to-end suite.
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

  @Test("y on a feed item whose page is relative to the feed copies the page's whole address")
  func feedRelativePageIsWhole() throws {
    let server = try PictureServer()
    let run = try BinaryRun([
      "snapshot", server.url("/feed/page?page={page}&per=20&pages=1&img=1&page_url=1"), "--no-images", "--size",
      "100x30",
      "--keys", ": 1 Enter y",
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("copied " + server.url("/product/page-1")), "\(run.output)")
  }

  @Test("x on a feed item: the browser it starts holds none of the viewer's connections to the feed's server")
  func browserGetsNoConnection() throws {
    let server = try PictureServer()
    let folder = TemporaryDirectory("feed-browser")
    defer { folder.remove() }
    let listing = folder.file("descriptors")
    let browser = try Self.descriptorListingBrowser(in: folder, listing: listing)
    // Pictures from the same server: its connections stay open in the client's pool while x is pressed.
    let pane = try TmuxPane(
      arguments: [server.url("/feed/page?page={page}&per=20&pages=2&img=1&page_url=1")],
      environment: ["BROWSER=\(browser)"])
    try pane.waitForScreen { $0.contains("Item 1") }
    try pane.send(keys: ["l", "x"])
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, (try? String(contentsOfFile: listing, encoding: .utf8))?.isEmpty ?? true {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let inherited = try Self.inheritedDescriptors(listedIn: listing)
    #expect(inherited.isEmpty, "the browser holds the viewer's descriptors: \(inherited)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
