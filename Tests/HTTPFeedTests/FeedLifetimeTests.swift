import Foundation
import ShopCatalog
import Testing

@testable import HTTPFeed

@Suite("HTTP feeds: lifetime")
struct FeedLifetimeTests {
  // Found by LeakSanitizer (make sanitize): the fetcher's URLSession held the fetcher as its delegate and the
  // fetcher held the session, so every feed catalogue's fetcher and session stayed after the catalogue was gone.
  @Test("a feed catalogue's fetcher and its session are freed once the catalogue is")
  func fetcherFreedWithCatalogue() throws {
    let server = try FeedServer()
    weak var fetcher: FeedFetcher?
    do {
      let source = try feed(server.url("/feed/link?per=4&pages=3"))
      #expect(titlesByPage(source, limit: 2).pages.count == 2)
      fetcher = source.fetcher
    }
    // The session lets its delegate go on its own queue once invalidated: waited for, generously bounded.
    let deadline = Date() + 20
    while fetcher != nil, Date() < deadline { usleep(10_000) }
    #expect(fetcher == nil)
  }
}
