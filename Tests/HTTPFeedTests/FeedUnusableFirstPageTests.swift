import Foundation
import HTTPFeed
import ShopCatalog
import Testing

/// A feed whose first page has no usable item is refused as a file is: its problems, then a last line naming the
/// feed (its host and path, never its credentials), exit status 1.
@Suite("An HTTP feed whose first page has no usable item")
struct FeedUnusableFirstPageTests {
  @Test("the last line names the feed, without its password")
  func lastLineNamesTheFeed() throws {
    let server = try FeedServer()
    let address = "http://shopper:hunter2@127.0.0.1:\(server.port)/feed/page?page={page}&per=1&pages=1&bad=1"
    do {
      _ = try HTTPFeedSource(network: feedNetwork()).open(.named(address), whole: false, query: CatalogueQuery())
      Issue.record("a feed without a usable item opened")
    } catch {
      #expect(error.exitStatus == 1)
      #expect(
        error.lines.last
          == "127.0.0.1:\(server.port)/feed/page: no usable items: every item of the first page has a problem",
        "\(error.lines)")
      #expect(!error.lines.joined().contains("hunter2"))
    }
  }
}
