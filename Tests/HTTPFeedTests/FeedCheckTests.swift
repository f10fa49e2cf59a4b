import Foundation
import HTTPFeed
import Testing

/// `waterfall check URL`: the feed read page by page to its end, every item validated as a file's are, problems
/// naming the page (credentials redacted), the item and the field.
@Suite("Checking an HTTP feed")
struct FeedCheckTests {
  @Test(
    "every paging style is read to its end: every item counted, no problem",
    arguments: [
      "link", "cursor?cursor={cursor}", "graphql?after={cursor}", "next-url", "page?page={page}",
    ])
  func readsToTheEnd(style: String) throws {
    let server = try FeedServer()
    let separator = style.contains("?") ? "&" : "?"
    let report = try feed(server.url("/feed/\(style)\(separator)per=4&pages=3")).check()
    #expect(report.itemCount == 12 && report.problems.isEmpty && report.stoppedBy == nil, "\(style)")
    #expect(report.pageCount >= 3)
  }

  @Test("an unusable item is named by its page's address (credentials redacted), its place on the page and field")
  func problemNamesPageItemAndField() throws {
    let server = try FeedServer()
    let address = "http://shopper:hunter2@127.0.0.1:\(server.port)/feed/cursor?cursor={cursor}&per=4&pages=3&bad=6"
    let report = try feed(address).check()
    #expect(report.itemCount == 11 && report.skipped == 1 && report.pageCount == 3)
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.description.hasPrefix("http://***@127.0.0.1:\(server.port)/feed/cursor?cursor=c2"), "\(problem)")
    #expect(problem.item == 2 && problem.field == "w", "the second item of page 2: \(problem)")
    #expect(!problem.description.contains("hunter2"))
  }

  @Test("a page after the first that fails stops the check there, named; a first page that fails throws")
  func failingPages() throws {
    let server = try FeedServer()
    let report = try feed(server.url("/feed/page?page={page}&per=4&pages=3&fail=2")).check()
    #expect(report.itemCount == 4 && report.pageCount == 1)
    let stopped = try #require(report.stoppedBy)
    #expect(stopped.hasPrefix("page 2: ") && stopped.contains("500") && stopped.contains("page=2"), "\(stopped)")
    #expect(throws: HTTPFeedCatalogue.Unreadable.self) {
      try feed(server.url("/feed/page?page={page}&per=4&pages=3&fail=1")).check()
    }
  }
}
