import Foundation
import ShopCatalog
import Testing

@testable import HTTPFeed

/// Credentials go only to the host they were given for; an https feed is fetched over https only. Two loopback
/// servers stand for two hosts: 127.0.0.1, whose address carries the credentials, and 127.0.0.2.
@Suite("HTTP feeds: credentials and https")
struct FeedCredentialsTests {
  static func withCredentials(_ server: FeedServer, _ path: String) -> String {
    "http://shopper:hunter2@\(server.host):\(server.port)\(path)"
  }

  @Test("a next link to another host gets no credentials; the host they were given for does")
  func nextLinkToAnotherHost() throws {
    let home = try FeedServer()
    let other = try FeedServer(host: "127.0.0.2")
    let source = try feed(
      Self.withCredentials(home, "/feed/next-url?page={page}&per=2&pages=2&next_base=\(other.url(""))"))
    let read = titlesByPage(source)
    #expect(read.failure == nil && read.pages.flatMap { $0 } == ["Item 1", "Item 2", "Item 3", "Item 4"])
    #expect(home.counts().byPath["/feed/next-url#auth"] == 1, "the credentials went where they were given")
    let seen = other.counts().byPath
    #expect(seen["/feed/next-url#2"] == 1 && seen["/feed/next-url#auth"] == nil, "\(seen)")
  }

  @Test("a redirect to another host gets no credentials")
  func redirectToAnotherHost() throws {
    let home = try FeedServer()
    let other = try FeedServer(host: "127.0.0.2")
    let target = other.url("/feed/page?per=2&pages=1").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    let source = try feed(Self.withCredentials(home, "/redirect-to?page={page}&url=\(target)"))
    let page = source.fetch(CataloguePageRequest(query: CatalogueQuery())).page
    #expect(page?.items.map(\.title) == ["Item 1", "Item 2"])
    #expect(home.counts().byPath["/redirect-to#auth"] == 1, "the credentials went where they were given")
    let seen = other.counts().byPath
    #expect(seen["/feed/page#1"] == 1 && seen["/feed/page#auth"] == nil, "\(seen)")
  }

  @Test("an https feed never fetches a plain http page, nor follows a redirect to one")
  func httpsStaysHTTPS() throws {
    let server = try FeedServer()
    #expect(try FeedTemplate("https://shop.test/api?page={page}").isSecure)
    #expect(try !FeedTemplate("http://shop.test/api?page={page}").isSecure)
    let fetcher = FeedFetcher(configuration: feedNetwork())
    defer { fetcher.invalidate() }
    guard case .failure(let refused) = fetcher.get(server.url("/feed/page?page=1"), secureOnly: true) else {
      Issue.record("a plain http page was fetched for an https feed")
      return
    }
    #expect(refused.reason.contains("plain http"), "\(refused.reason)")
    #expect(server.counts().byPath["/feed/page"] == nil, "nothing was asked of the server")
    #expect(fetcher.get(server.url("/feed/page?page=1")).map(\.body.isEmpty) == .success(false))
    let plain = URL(string: "http://shop.test/api?page=2")
    #expect(FeedFetcher.refusal(ofRedirectTo: plain, secureOnly: true)?.contains("plain http") == true)
    #expect(FeedFetcher.refusal(ofRedirectTo: URL(string: "https://cdn.test/api?page=2"), secureOnly: true) == nil)
    #expect(FeedFetcher.refusal(ofRedirectTo: plain, secureOnly: false) == nil)
    #expect(FeedFetcher.refusal(ofRedirectTo: URL(string: "file:///etc/passwd"), secureOnly: false) != nil)
  }
}
