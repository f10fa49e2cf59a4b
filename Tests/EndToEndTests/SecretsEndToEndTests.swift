import Foundation
import TestSupport
import Testing

/// Secrets in a feed's address (issue 30): never in a recording, an error line or `waterfall config`. An extension
/// of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test(
    "--record of a feed with a password and a token: neither word is in the cast, though the session showed the feed")
  func recordingKeepsNoSecrets() throws {
    let server = try PictureServer()
    let folder = TemporaryDirectory("secret")
    defer { folder.remove() }
    let cast = folder.file("s.cast")
    // Page 2 fails once, so its address (the secrets' place) is the footer's reason, recorded with the screen.
    let address =
      "http://shopper:PASSWORD@127.0.0.1:\(server.port)/feed/page?page={page}&per=6&pages=3&fail=2&token=TOKEN"
    let pane = try TmuxPane(arguments: ["--record", cast, address, "--no-images"], width: 160)
    try pane.waitForScreen { $0.contains("/feed/page · 6 items") }
    // Page 2, asked for at the end of the first, fails, naming its address in the footer.
    try pane.send(keys: ["End"])
    let failed = try pane.waitForScreen { $0.contains("load failed") }
    #expect(failed.contains("***@127.0.0.1") && failed.contains("token=***"), "\(failed)")
    #expect(!failed.contains("TOKEN") && !failed.contains("PASSWORD"), "\(failed)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    let recorded = try String(contentsOfFile: cast, encoding: .utf8)
    #expect(recorded.contains("token=***") && recorded.contains("***@127.0.0.1"), "\(recorded.prefix(600))")
    #expect(!recorded.contains("PASSWORD") && !recorded.contains("TOKEN") && !recorded.contains("shopper"))
  }

  @Test("an error line and `waterfall config` hide a feed's credentials and token")
  func errorLinesKeepNoSecrets() throws {
    let snapshot = try BinaryRun(["snapshot", "--no-config", "http://u:PASSWORD@127.0.0.1:1/feed?token=TOKEN"])
    #expect(snapshot.status == 2, "\(snapshot.errors)")
    #expect(snapshot.errors.contains("http://***@127.0.0.1:1/feed?token=***"), "\(snapshot.errors)")
    #expect(!snapshot.errors.contains("PASSWORD") && !snapshot.errors.contains("TOKEN"), "\(snapshot.errors)")
    let config = try BinaryRun(["config", "--no-config", "https://h.test/feed?page={page}&api_key=KEY123"])
    #expect(config.status == 0, "\(config.errors)")
    #expect(config.output.contains("https://h.test/feed?page={page}&api_key=***"), "\(config.output)")
    #expect(!config.output.contains("KEY123"), "\(config.output)")
  }
}
