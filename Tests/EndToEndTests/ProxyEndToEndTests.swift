import Foundation
import Testing

/// The proxy curl users set, honoured by the release binary: a second loopback server (127.0.0.2) is the proxy, as a
/// default squid is: plain-http GETs forwarded (the absolute form), CONNECT to port 443 only; the first serves the
/// feed and the pictures. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test("http_proxy: a feed and its pictures come through a GET-only proxy; a dataset's pictures too, unless no_proxy")
  func throughHTTPProxy() throws {
    try TmuxPane.requireUsableBinary()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-e2e-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let origin = try PictureServer()
    let proxy = try PictureServer(host: "127.0.0.2", squid: true)
    let forwarded = { proxy.counts().byPath["GET-absolute"] ?? 0 }
    // A user and password holding %, @ and :, percent-encoded once, reach the proxy decoded once.
    let proxyAddress = "http://sh%40p:50%25%3Aoff@\(proxy.host):\(proxy.port)"
    let proxied = ["XDG_CACHE_HOME=\(folder)/feed-cache", "http_proxy=\(proxyAddress)"]

    let feed = try TmuxPane(arguments: [origin.url("/feed/link?per=4&pages=1&img=1")], environment: proxied)
    try feed.waitForScreen { $0.contains("/feed/link · 4 items") && Self.allPicturesDrawn($0) }
    #expect(origin.waitFor(path: "/feed/link#1", seconds: 10))
    #expect(origin.waitFor(path: "/picture/link-1.png", seconds: 10))
    #expect(forwarded() >= 1, "the feed went through the proxy")
    #expect((proxy.counts().byPath["GET-absolute#auth=sh@p:50%:off"] ?? 0) >= 1, "\(proxy.counts().byPath)")
    #expect(proxy.counts().byPath["CONNECT"] == nil, "plain http is never tunnelled")
    try feed.send(keys: ["q"])
    try expectRestored(feed, status: "0")

    // Pictures alone go through it too; with no_proxy naming the host, none do.
    for bypassed in [false, true] {
      let name = bypassed ? "direct" : "proxied"
      let items = (0..<3).map { (title: "item \($0)", img: origin.url("/picture/\(name)-\($0).png?size=120x90")) }
      let dataset = try PictureServer.writeDataset(items, in: folder)
      let before = forwarded()
      let environment =
        ["XDG_CACHE_HOME=\(folder)/\(name)-cache", "http_proxy=\(proxy.url(""))"]
        + (bypassed ? ["no_proxy=\(origin.host)"] : [])
      let pane = try TmuxPane(arguments: [dataset], environment: environment)
      try pane.waitForScreen { $0.contains("item 2") && Self.allPicturesDrawn($0) }
      #expect(origin.waitFor(path: "/picture/\(name)-2.png", seconds: 10))
      #expect(bypassed ? forwarded() == before : forwarded() > before, "\(name): \(before) → \(forwarded())")
      try pane.send(keys: ["q"])
      try expectRestored(pane, status: "0")
    }
  }

  /// Every box's picture drawn: a box still loading is shaded all over, and none failed.
  static func allPicturesDrawn(_ screen: String) -> Bool {
    let shades = screen.unicodeScalars.filter { "░▒▓".unicodeScalars.contains($0) }.count
    return !screen.contains("✕ no picture") && shades < 40 && screen.contains("▄")
  }
}
