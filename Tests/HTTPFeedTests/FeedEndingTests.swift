import Foundation
import ShopCatalog
import Testing
import WaterfallViewer

@testable import HTTPFeed

/// How a feed ends says what happened: a `{page}` feed whose page after the last is not there (404, 410) simply
/// ended; only a failure says "failed". And an item is never shown twice, whatever fails and is retried.
@Suite("HTTP feeds: endings and identity")
struct FeedEndingTests {
  @Test("a {page} feed whose page after the last answers 404 or 410 ends there: no failure, every item counted")
  func goneAfterTheLastPageEnds() throws {
    let server = try FeedServer()
    for status in [404, 410] {
      let source = try feed(server.url("/feed/page?page={page}&per=4&pages=3&end=\(status)"))
      let read = titlesByPage(source)
      #expect(read.failure == nil, "\(status): \(read.failure ?? "")")
      #expect(read.pages.flatMap { $0 } == FeedPagingTests.twelve)
      #expect(read.lastPage?.next == nil && read.lastPage?.resultCount == 12)
      let check = try source.check()
      #expect(check.stoppedBy == nil && check.itemCount == 12 && check.pageCount == 3, "\(status)")
    }
    #expect(server.requests("page", page: 4) == 4, "the page after the last was asked for each time")
  }

  @Test("a 404 for the first page, or a 500 after it, is still a failure")
  func otherStatusesFail() throws {
    let server = try FeedServer()
    let missing = try feed(server.url("/status/404?page={page}"))
    let first = missing.fetch(CataloguePageRequest(query: CatalogueQuery())).failureReason
    #expect(first?.contains("the server answered 404") == true, "\(first ?? "no failure")")
    let broken = try feed(server.url("/feed/page?page={page}&per=4&pages=3&fail=2"))
    #expect(titlesByPage(broken).failure?.contains("the server answered 500") == true)
  }

  @Test("the viewer's footer says the end with the count, not a failure, after the 404")
  func viewerSaysTheEnd() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=6&pages=2&end=404"))
    let run = FeedViewerTests.run(source)
    let screen = run.run(try KeyScript.parse("G G G G"))
    #expect(screen.contains("end of the catalogue · 12 items"), "\(screen)")
    #expect(!screen.contains("failed") && !screen.contains("404"), "\(screen)")
  }

  @Test("a refresh that failed while the server was down, then R: 150 items once each; the end and :N agree")
  func failedRefreshRetriedAddsNothingTwice() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=50&pages=3&outage=refresh-retry"))
    let run = FeedViewerTests.run(source)
    for _ in 0..<8 where run.viewer.waterfall.paging.loadMore != .exhausted {
      run.apply(try KeyScript.parse("G"))
    }
    #expect(run.viewer.store.count == 150)
    server.outage("refresh-retry", down: true)
    let failed = run.run(try KeyScript.parse("r"))
    #expect(failed.contains("refresh failed, R retries: the server answered 503"), "\(failed)")
    server.outage("refresh-retry", down: false)
    run.apply(try KeyScript.parse("R"))
    let ids = Array(run.viewer.store.ids)
    #expect(ids.count == 150 && Set(ids).count == 150)
    #expect(run.viewer.store.items.map(\.title) == (1...150).map { "Item \($0)" })
    let end = run.run(try KeyScript.parse("G G"))
    #expect(end.contains("end of the catalogue · 150 items"), "\(end)")
    let beyond = run.run(try KeyScript.parse(": 1 6 0 Enter"))
    #expect(beyond.contains("the catalogue has 150"), "\(beyond)")
  }
}
