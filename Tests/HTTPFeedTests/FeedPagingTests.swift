import Foundation
import HTTPFeed
import ShopCatalog
import Testing

/// Paging a feed served by the loopback server, each way a server says where the next page is.
@Suite("HTTP feeds: paging")
struct FeedPagingTests {
  static let twelve = (1...12).map { "Item \($0)" }

  @Test("three pages by Link headers, each asked for once, and the feed ends where no link says next")
  func linkHeaders() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/link?per=4&pages=3"))
    let read = titlesByPage(source)
    #expect(read.failure == nil)
    #expect(read.pages.count == 3)
    #expect(read.pages.flatMap { $0 } == Self.twelve)
    #expect(read.lastPage?.next == nil)
    #expect(read.lastPage?.resultCount == 12)
    #expect((1...3).map { server.requests("link", page: $0) } == [1, 1, 1])
  }

  @Test("three pages by a cursor field (nextCursor into {cursor}, empty at first), ending at a null cursor")
  func cursorField() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/cursor?cursor={cursor}&per=4&pages=3"))
    let read = titlesByPage(source)
    #expect(read.failure == nil)
    #expect(read.pages.flatMap { $0 } == Self.twelve)
    #expect(read.pages.count == 3)
    #expect((1...4).map { server.requests("cursor", page: $0) } == [1, 1, 1, 0])
  }

  @Test("three pages by pageInfo.endCursor, ending at hasNextPage: false")
  func pageInfo() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/graphql?after={cursor}&per=4&pages=3"))
    let read = titlesByPage(source)
    #expect(read.pages.flatMap { $0 } == Self.twelve)
    #expect(read.pages.count == 3)
    #expect(server.requests("graphql", page: 4) == 0)
  }

  @Test("a next_url field is followed as an address; null ends the feed")
  func nextAddress() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/next-url?per=4&pages=3"))
    let read = titlesByPage(source)
    #expect(read.pages.flatMap { $0 } == Self.twelve)
    #expect(read.pages.count == 3)
  }

  @Test("three pages by {page} counting from 1; the empty fourth page ends the feed")
  func pageNumbers() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=4&pages=3"))
    let read = titlesByPage(source)
    #expect(read.failure == nil)
    #expect(read.pages == [Array(Self.twelve[0..<4]), Array(Self.twelve[4..<8]), Array(Self.twelve[8..<12]), []])
    #expect(read.lastPage?.next == nil)
    #expect((1...5).map { server.requests("page", page: $0) } == [1, 1, 1, 1, 0])
  }

  @Test("a server that answers every page past the last with the last again: the feed ends at the repeat")
  func repeatedLastPage() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=4&pages=3&clamp=1"))
    let read = titlesByPage(source)
    #expect(read.failure == nil)
    #expect(read.pages.flatMap { $0 } == Self.twelve, "nothing read twice")
    #expect(read.lastPage?.next == nil)
    #expect(read.lastPage?.resultCount == 12)
    #expect(server.requests("page", page: 5) == 0, "no page asked for after the repeat")
  }

  @Test("a 500 fails the page with the status and the address; asking again gets it")
  func serverErrorThenRetry() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/page?page={page}&per=4&pages=3&fail=2"))
    let first = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).page)
    let next = try #require(first.next)
    let failed = source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: next, pageNumber: 1))
    let reason = try #require(failed.failureReason)
    #expect(reason.contains("the server answered 500"), "\(reason)")
    #expect(reason.contains("127.0.0.1"), "\(reason)")
    let retried = source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: next, pageNumber: 1, attempt: 1))
    #expect(retried.page?.items.map(\.title) == Array(Self.twelve[4..<8]))
    #expect(server.requests("page", page: 2) == 2)
  }

  @Test("a server that never answers fails the page within the time to answer; the page comes once it does")
  func hangingServer() throws {
    let server = try FeedServer()
    defer { server.release("hang") }
    let source = try feed(
      server.url("/feed/page?page={page}&per=4&pages=3&hold=hang&hold_page=2"),
      network: feedNetwork(answerWithin: .milliseconds(500)))
    // The first page is not held, but a machine too busy to answer in half a second may take a few tries.
    var firstAnswer = CatalogueResponse.failure(reason: "not tried")
    for attempt in 0..<5 where firstAnswer.page == nil {
      firstAnswer = source.fetch(CataloguePageRequest(query: CatalogueQuery(), attempt: attempt))
    }
    let first = try #require(firstAnswer.page)
    let next = try #require(first.next)
    let failed = source.fetch(CataloguePageRequest(query: CatalogueQuery(), cursor: next, pageNumber: 1))
    let reason = try #require(failed.failureReason)
    #expect(reason.contains("no answer within"), "\(reason)")
    server.release("hang")
    // Retried as R does; a machine too busy to answer in half a second may take a few.
    var retried = CatalogueResponse.failure(reason: "not tried")
    for attempt in 1...5 where retried.page == nil {
      retried = source.fetch(
        CataloguePageRequest(query: CatalogueQuery(), cursor: next, pageNumber: 1, attempt: attempt))
    }
    #expect(retried.page?.items.map(\.title) == Array(Self.twelve[4..<8]))
  }

  @Test("each server a redirect names gets its own time to answer, as a picture's fetch gives it")
  func redirectHopsEachGetTheirTime() throws {
    let server = try FeedServer()
    // Two redirects of 2.5 s each: 5 s before the page's server is asked, each hop within its 4 s (1.5 s to
    // spare for a busy machine).
    let source = try feed(
      server.url("/redirect/2/feed/page?hop=2500&page={page}&per=4&pages=3"),
      network: feedNetwork(answerWithin: .seconds(4)))
    let answer = source.fetch(CataloguePageRequest(query: CatalogueQuery()))
    #expect(answer.page?.items.map(\.title) == ["Item 1", "Item 2", "Item 3", "Item 4"], "\(answer)")
  }

  @Test("a port that accepts and never answers, a refused port: failures, not hangs")
  func deadServers() throws {
    let server = try FeedServer()
    let silent = try feed(
      "http://127.0.0.1:\(server.silentPort)/feed?page={page}", network: feedNetwork(answerWithin: .milliseconds(500)))
    let silentReason = try #require(silent.fetch(CataloguePageRequest(query: CatalogueQuery())).failureReason)
    #expect(silentReason.contains("no answer within"), "\(silentReason)")
    server.stop()
    let refused = try feed(server.url("/feed/page?page={page}"))
    let refusedReason = try #require(refused.fetch(CataloguePageRequest(query: CatalogueQuery())).failureReason)
    #expect(refusedReason.contains("refused") || refusedReason.contains("no answer"), "\(refusedReason)")
  }

  @Test("a body that is not JSON, one over the size limit, a redirect loop, a 404: each fails with its reason")
  func badAnswers() throws {
    let server = try FeedServer()
    let cases: [(path: String, reason: String)] = [
      ("/html", "not JSON"),
      ("/huge?mb=2", "past the limit of 1048576 bytes"),
      ("/loop", "redirects"),
      ("/status/404", "the server answered 404"),
      ("/__counts", "without an array of items"),
    ]
    for (path, expected) in cases {
      let source = try feed(server.url(path), network: feedNetwork(bodyLimit: 1 << 20))
      let reason = source.fetch(CataloguePageRequest(query: CatalogueQuery())).failureReason ?? "no failure"
      #expect(reason.contains(expected), "\(path): \(reason)")
    }
  }

  @Test("credentials in the address never appear in a reason")
  func credentialsRedacted() throws {
    let server = try FeedServer()
    let address = "http://shopper:hunter2@127.0.0.1:\(server.port)/status/500?page={page}"
    let source = try feed(address)
    let reason = try #require(source.fetch(CataloguePageRequest(query: CatalogueQuery())).failureReason)
    #expect(reason.contains("***@127.0.0.1"), "\(reason)")
    #expect(!reason.contains("hunter2") && !reason.contains("shopper"), "\(reason)")
    #expect(!source.template.displayName.contains("hunter2"))
  }
}
