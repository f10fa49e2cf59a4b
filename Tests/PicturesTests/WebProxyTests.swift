import Foundation
import Testing

@testable import Pictures

@Suite("The proxy an address goes through, from curl's variables")
struct WebProxyTests {
  static func proxy(_ address: String, _ variables: [String: String]) -> (host: String, port: Int)? {
    WebProxy.proxy(for: URL(string: address)!, environment: variables).map { ($0.host, $0.port) }
  }

  @Test("http_proxy for http, https_proxy for https, all_proxy for either; upper case too, lower case first")
  func byScheme() {
    let both = ["http_proxy": "http://plain.proxy:3128", "HTTPS_PROXY": "secure.proxy:8443"]
    #expect(Self.proxy("http://shop.test/a", both)! == ("plain.proxy", 3128))
    #expect(Self.proxy("https://shop.test/a", both)! == ("secure.proxy", 8443))
    #expect(Self.proxy("https://shop.test/a", ["ALL_PROXY": "any.proxy"])! == ("any.proxy", 1080))
    #expect(Self.proxy("http://shop.test/a", ["http_proxy": "lower:1", "HTTP_PROXY": "upper:2"])! == ("lower", 1))
    #expect(Self.proxy("http://shop.test/a", ["https_proxy": "secure.proxy:8443"]) == nil)
    #expect(Self.proxy("http://shop.test/a", ["http_proxy": ""]) == nil)
  }

  @Test("no_proxy sends its hosts and their subdomains direct; * sends everything direct")
  func noProxy() {
    let variables = ["http_proxy": "proxy:3128", "no_proxy": "localhost, .internal.test,cdn.test:8080"]
    #expect(Self.proxy("http://localhost/a", variables) == nil)
    #expect(Self.proxy("http://img.internal.test/a", variables) == nil)
    #expect(Self.proxy("http://cdn.test/a", variables) == nil)
    #expect(Self.proxy("http://notcdn.test/a", variables) != nil)
    #expect(Self.proxy("http://shop.test/a", ["http_proxy": "proxy:3128", "NO_PROXY": "*"]) == nil)
  }

  @Test("a proxy's credentials become its authorization; socks5 is a SOCKS proxy; other schemes none")
  func kinds() {
    let withUser = WebProxy.server("http://me:se%40cret@proxy.test:3128")
    #expect(withUser?.authorization != nil && withUser?.host == "proxy.test")
    #expect(WebProxy.server("socks5://proxy.test") == .socksServer(host: "proxy.test", port: 1080))
    #expect(WebProxy.server("ftp://proxy.test") == nil)
  }
}
