import Foundation
import Testing

@testable import HTTPFeed

@Suite("HTTP feeds: which picture addresses are kept")
struct FeedPictureSchemeTests {
  @Test("a web address in any case is kept; any other scheme is no picture")
  func kept() throws {
    let base = try #require(URL(string: "https://shop.test/api/products"))
    #expect(HTTPFeedCatalogue.resolve(picture: "HTTPS://cdn.test/a.png", against: base) == "HTTPS://cdn.test/a.png")
    #expect(HTTPFeedCatalogue.resolve(picture: "ftp://cdn.test/a.png", against: base) == "")
    #expect(HTTPFeedCatalogue.resolve(picture: "data:image/png;base64,AAAA", against: base) == "")
  }

  @Test("a feed address that is not http(s) fails in words, without a request")
  func notWeb() {
    let fetcher = FeedFetcher(configuration: .init())
    defer { fetcher.invalidate() }
    guard case .failure(let failure) = fetcher.get("ftp://user:secret@shop.test/feed") else {
      Issue.record("an ftp feed was fetched")
      return
    }
    #expect(failure.reason == "not a usable web address: ftp://***@shop.test/feed")
  }

  @Test("an https feed's page on plain http is refused in the words it had")
  func plainPage() {
    let fetcher = FeedFetcher(configuration: .init())
    defer { fetcher.invalidate() }
    guard case .failure(let failure) = fetcher.get("HTTP://127.0.0.1:9/feed?page=2", secureOnly: true) else {
      Issue.record("a plain http page of an https feed was fetched")
      return
    }
    #expect(failure.reason == "an https feed's page on plain http, not followed: HTTP://127.0.0.1:9/feed?page=2")
  }
}
