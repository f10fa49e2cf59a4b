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
    var hasMore = true
    // (A duplicate or late answer is refused before it reaches the cursor: see PagingTests.)
    while hasMore {
      let request = cursor.nextRequest
      let response = feed.fetch(page: request.page, attempt: request.attempt)
      if case .failure = response { failures += 1 }
      if case .page(_, let more) = response { hasMore = more }
      if let items = cursor.advance(past: response) { received += items }
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

  @Test("a failure makes the next request a new attempt at the same page; a page moves on to the next")
  func cursorMoves() {
    let feed = PageFeed(pages: Self.pages(4))
    var cursor = FeedCursor()
    #expect(cursor.advance(past: .failure(reason: "down")) == nil)
    #expect(cursor.nextRequest == FeedCursor.Request(page: 0, attempt: 1))
    #expect(cursor.advance(past: feed.fetch(page: 0, attempt: 1)) == Self.pages(4)[0])
    #expect(cursor.nextRequest == FeedCursor.Request(page: 1, attempt: 0))
  }
}
