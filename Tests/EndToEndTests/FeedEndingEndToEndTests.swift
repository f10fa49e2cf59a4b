import Foundation
import Testing

/// A feed's endings and a failed refresh retried, through the release binary in tmux with no options but the
/// feed's address. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  @Test(
    "a {page} feed that runs out in a 404 says the end with its count; r while the server is down, then R: no item twice"
  )
  func feedEndingAndRefreshRetry() throws {
    try TmuxPane.requireUsableBinary()
    let server = try PictureServer()
    defer { server.outage("e2e-down", down: false) }
    let pane = try TmuxPane(arguments: [server.url("/feed/page?page={page}&per=50&pages=3&end=404&outage=e2e-down")])
    try pane.waitForScreen { $0.contains("/feed/page · 50 items") }
    // End at the bottom loads the next page; on a loaded machine the frame with 100 may be drawn over by the
    // one with 150 before the pane is read.
    for count in [100, 150] {
      try pane.send(keys: ["End"])
      try pane.waitForScreen { $0.contains("\(count) items") || $0.contains("150 items") }
    }
    try pane.send(keys: ["End"])
    let end = try pane.waitForScreen { $0.contains("end of the catalogue · 150 items") }
    #expect(!end.contains("failed") && !end.contains("404"), "\(end)")
    server.outage("e2e-down", down: true)
    try pane.send(keys: ["r"])
    try pane.waitForScreen { $0.contains("refresh failed, R retries: the server answered 503") }
    server.outage("e2e-down", down: false)
    try pane.send(keys: ["R"])
    let retried = try pane.waitForScreen { $0.contains("refreshed: nothing new") }
    #expect(retried.contains("150 items") && !retried.contains("300"), "\(retried)")
    try pane.send(keys: ["End"])
    try pane.waitForScreen { $0.contains("end of the catalogue · 150 items") }
    try pane.send(literal: ":160")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen { $0.contains("no item #160: the catalogue has 150") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}
