import Foundation
import Testing

/// An HTTP JSON feed from the loopback test server, through the release binary in tmux. An extension of the one
/// serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test(
    "an HTTP feed: a 500 in the footer and R retries, the spinner while a page is in flight, the end marker, r puts a new item at the top"
  )
  func httpFeed() throws {
    try TmuxPane.requireUsableBinary()
    let server = try PictureServer()
    defer { server.release("slow") }
    // Page 2 fails once; page 3 is held until the test has seen the spinner.
    let address = server.url("/feed/page?page={page}&per=6&pages=3&fail=2&live=e2e&hold=slow&hold_page=3")
    let pane = try TmuxPane(arguments: [address, "--no-images"])
    try pane.waitForScreen { $0.contains("/feed/page · 6 items") }
    try pane.send(keys: ["End"])
    try pane.waitForScreen { $0.contains("load failed, R retries: the server answered 500") }
    try pane.send(keys: ["R"])
    try pane.waitForScreen { $0.contains("12 items") }
    try pane.send(keys: ["End"])
    try pane.waitForScreen { $0.contains("loading more") }
    #expect(server.waitFor(path: "/feed/page#3", seconds: 10))
    server.release("slow")
    try pane.waitForScreen { $0.contains("18 items") }
    try pane.send(keys: ["End"])
    let bottom = try pane.waitForScreen { $0.contains("end of the catalogue · 18 items") }
    server.prepend("e2e")
    try pane.send(keys: ["r"])
    let refreshed = try pane.waitForScreen { $0.contains("refreshed: 1 new at the top") }
    #expect(refreshed.contains("19 items"), "\(refreshed)")
    // The place is kept: the boxes that were in view mostly still are, and the new one at the top is not.
    let titles = { (screen: String) in Set(screen.matches(of: /Item \d+/).map { String($0.output) }) }
    #expect(titles(bottom).intersection(titles(refreshed)).count * 2 >= titles(bottom).count, "\(refreshed)")
    #expect(!refreshed.contains("New 1"), "\(refreshed)")
    try pane.send(keys: ["g"])
    try pane.waitForScreen { $0.contains("New 1") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("a feed that cannot be read says why on one line, credentials hidden, and exits 2 before the terminal")
  func unreadableFeed() throws {
    try TmuxPane.requireUsableBinary()
    let server = try PictureServer()
    let notJSON = try TmuxPane(arguments: [server.url("/html")])
    let screen = try notJSON.waitForScreen { $0.contains("EXIT=") }
    #expect(screen.contains("not JSON") && screen.contains("EXIT=2"), "\(screen)")
    let secret = "http://shopper:hunter2@127.0.0.1:\(server.port)/status/500?page={page}"
    let failing = try TmuxPane(arguments: [secret])
    let failed = try failing.waitForScreen { $0.contains("EXIT=") }
    #expect(failed.contains("the server answered 500") && failed.contains("***@127.0.0.1"), "\(failed)")
    #expect(!failed.contains("hunter2"), "\(failed)")
    #expect(failed.contains("EXIT=2"), "\(failed)")
  }
}
