import Foundation
import Testing

/// `:N` on a feed: the item not read yet is paged through to, as the feed pages, and named when the feed ends
/// first. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test(":N on a feed pages through to an item not read yet and focuses it; past the feed's end it says so")
  func feedJumpPagesThrough() throws {
    let server = try PictureServer()
    let pane = try TmuxPane(arguments: [server.url("/feed/page?page={page}&per=50&pages=3&end=404")])
    try pane.waitForScreen { $0.contains("/feed/page · 50 items") }
    try pane.send(literal: ":120")
    try pane.send(keys: ["Enter"])
    // The focused box (drawn heavy) is item #120's, three pages in.
    let focused = try pane.waitForScreen { $0.contains("150 items") && $0.contains("┃Item 120 ") }
    #expect(!focused.contains("no item"), "\(focused)")
    try pane.send(literal: ":170")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen { $0.contains("no item #170: the catalogue has 150") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}

extension ViewerEndToEndTests {
  @Test("G on a feed follows its end as the pages come, counting them, and rests at the bottom when the feed ends")
  func feedEndFollowed() throws {
    let server = try PictureServer()
    let pane = try TmuxPane(arguments: [server.url("/feed/page?page={page}&per=50&pages=3&end=404")])
    try pane.waitForScreen { $0.contains("/feed/page · 50 items") }
    try pane.send(keys: ["G"])
    let end = try pane.waitForScreen(seconds: 20) { $0.contains("the end: 150 items") }
    #expect(end.contains("100%") && end.contains("Item 150"), "\(end)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
