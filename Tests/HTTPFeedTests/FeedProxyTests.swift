import Foundation
import Locking
import ShopCatalog
import Testing

@testable import Pictures
@testable import WebFetch

/// Feeds and their pictures through the proxy curl's variables name: a second loopback server (127.0.0.2) is the
/// proxy, as a default squid is (plain-http GETs forwarded in absolute form, CONNECT to port 443 only); the first
/// serves the feed and the pictures.
@Suite("HTTP feeds and pictures through http_proxy")
struct FeedProxyTests {
  static func network(through proxy: FeedServer, _ extra: [String: String] = [:]) -> NetworkConfiguration {
    var network = feedNetwork()
    network.proxyVariables = ["http_proxy": "http://\(proxy.host):\(proxy.port)"].merging(extra) { $1 }
    return network
  }

  @Test("a feed's pages go through http_proxy")
  func feedThroughProxy() throws {
    let origin = try FeedServer()
    let proxy = try FeedServer(host: "127.0.0.2", squid: true)
    let source = try feed(origin.url("/feed/link?per=2&pages=2"), network: Self.network(through: proxy))
    let read = titlesByPage(source)
    #expect(read.failure == nil && read.pages.flatMap { $0 } == ["Item 1", "Item 2", "Item 3", "Item 4"])
    #expect((proxy.counts().byPath["GET-absolute"] ?? 0) >= 2, "the proxy forwarded both pages")
    #expect(origin.requests("link", page: 1) == 1 && origin.requests("link", page: 2) == 1)
  }

  @Test("pictures go through http_proxy, and hosts in no_proxy go direct")
  func picturesThroughProxy() throws {
    let origin = try FeedServer()
    let proxy = try FeedServer(host: "127.0.0.2", squid: true)
    for (bypassed, name) in [(false, "proxied"), (true, "direct")] {
      let network = Self.network(through: proxy, bypassed ? ["no_proxy": origin.host] : [:])
      let fetcher = HTTPFetcher(configuration: network)
      let outcome = Locked<Result<[UInt8], PictureFailure>?>(nil)
      fetcher.setCompletion { _, result, _ in outcome.withLock { $0 = result } }
      let before = proxy.counts().byPath["GET-absolute"] ?? 0
      fetcher.fetch(origin.url("/picture/\(name).png"), waiter: 1, priority: .visible)
      #expect(origin.waitFor(path: "/picture/\(name).png", seconds: 60))
      let deadline = ContinuousClock.now + .seconds(60)
      while outcome.withLock({ $0 }) == nil, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
      #expect((try? outcome.withLock { $0 }?.get())?.isEmpty == false, "\(name) delivered")
      let after = proxy.counts().byPath["GET-absolute"] ?? 0
      #expect(bypassed ? after == before : after > before, "\(name): forwarded \(before) → \(after)")
      fetcher.shutDown()
    }
  }
}
