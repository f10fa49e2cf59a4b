import ShopCatalog
import Testing

@Suite("The paging feed")
struct PageFeedTests {
  static func pages(_ count: Int, size: Int = 3) -> [[ShopItem]] {
    (0..<count).map { page in
      (0..<size).map { ShopItem(width: Double(page * size + $0 + 1), height: 1, price: "¥\(page)") }
    }
  }

  @Test("at a failure rate of 0.5 over 200 pages every item arrives exactly once, in order")
  func orderUnderFailures() {
    let pages = Self.pages(200)
    let feed = PageFeed(pages: pages, failureRate: 0.5, seed: 99)
    var cursor = FeedCursor()
    var received: [ShopItem] = []
    var failures = 0
    while !cursor.isExhausted {
      let request = cursor.nextRequest
      let response = feed.fetch(page: request.page, attempt: request.attempt)
      if case .failure = response { failures += 1 }
      // A duplicate delivery of the same response must be refused.
      if let items = cursor.accept(request, response: response) { received += items }
      #expect(cursor.accept(request, response: response) == nil)
    }
    #expect(received == pages.flatMap { $0 })
    #expect(failures > 100, "about half of the ~400 fetches fail")
  }

  @Test("failures are deterministic from the seed")
  func deterministicFailures() {
    let one = PageFeed(pages: Self.pages(5), failureRate: 0.3, seed: 7)
    let two = PageFeed(pages: Self.pages(5), failureRate: 0.3, seed: 7)
    let other = PageFeed(pages: Self.pages(5), failureRate: 0.3, seed: 8)
    let pattern = { (feed: PageFeed) in (0..<200).map { feed.fetch(page: $0 % 5, attempt: $0 / 5) } }
    #expect(pattern(one) == pattern(two))
    #expect(pattern(one) != pattern(other))
  }

  @Test("without looping the feed ends; with looping it starts again from the first page, forever")
  func looping() {
    let pages = Self.pages(3)
    #expect(PageFeed(pages: pages).fetch(page: 2, attempt: 0) == .page(items: pages[2], hasMore: false))
    let looping = PageFeed(pages: pages, loops: true)
    #expect(looping.fetch(page: 2, attempt: 0) == .page(items: pages[2], hasMore: true))
    #expect(looping.fetch(page: 3, attempt: 0) == .page(items: pages[0], hasMore: true))
    #expect(looping.fetch(page: 301, attempt: 0) == .page(items: pages[1], hasMore: true))
  }

  @Test("a restart refuses results of the old generation and starts from page 1")
  func restartDropsLateResults() {
    let feed = PageFeed(pages: Self.pages(4))
    var cursor = FeedCursor()
    let first = cursor.nextRequest
    _ = cursor.accept(first, response: feed.fetch(page: 0, attempt: 0))
    let late = cursor.nextRequest
    cursor.restart()
    #expect(cursor.accept(late, response: feed.fetch(page: late.page, attempt: 0)) == nil)
    #expect(cursor.nextRequest.page == 0)
    let fresh = cursor.nextRequest
    #expect(cursor.accept(fresh, response: feed.fetch(page: 0, attempt: 0)) == Self.pages(4)[0])
  }
}
