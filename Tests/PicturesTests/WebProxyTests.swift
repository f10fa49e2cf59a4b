import AsyncHTTPClient
import Foundation
import Testing

@testable import Pictures
@testable import WebFetch

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
    #expect(Self.proxy("http://cdn.test:8080/a", variables) == nil)
    #expect(Self.proxy("http://cdn.test/a", variables) != nil, "an entry with a port matches that port only")
    #expect(Self.proxy("http://notcdn.test/a", variables) != nil)
    #expect(Self.proxy("http://shop.test/a", ["http_proxy": "proxy:3128", "NO_PROXY": "*"]) == nil)
    #expect(Self.proxy("http://[::1]:9/a", ["http_proxy": "proxy:3128", "no_proxy": "::1"]) == nil)
    #expect(Self.proxy("http://127.0.0.5/a", ["http_proxy": "proxy:3128", "no_proxy": "127.0.0.0/8"]) == nil)
  }

  /// curl's `tests/unit/unit1614.c` (curl 8), every case of `Curl_check_noproxy`: the host, the list, whether it
  /// goes direct; then its `Curl_cidr4_match` and `Curl_cidr6_match` cases as lists of one block (0 bits: none
  /// written). Decisions only: 192.168/16, 10/8 and fe80::/10 are never dialled.
  static let curlCases: [(host: String, noProxy: String, direct: Bool)] = [
    ("www.example.com", "localhost .example.com .example.de", false),
    ("www.example.com", "localhost,.example.com,.example.de", true),
    ("www.example.com.", "localhost,.example.com,.example.de", true),
    ("example.com", "localhost,.example.com,.example.de", true),
    ("example.com.", "localhost,.example.com,.example.de", true),
    ("www.example.com", "localhost,.example.com.,.example.de", true),
    ("www.example.com", "localhost,www.example.com.,.example.de", true),
    ("example.com", "localhost,example.com,.example.de", true),
    ("example.com.", "localhost,example.com,.example.de", true),
    ("nexample.com", "localhost,example.com,.example.de", false),
    ("www.example.com", "localhost,example.com,.example.de", true),
    ("127.0.0.1", "127.0.0.1,localhost", true),
    ("127.0.0.1", "127.0.0.1,localhost,", true),
    ("127.0.0.1", "127.0.0.1/8,localhost,", true),
    ("127.0.0.1", "127.0.0.1/28,localhost,", true),
    ("127.0.0.1", "127.0.0.1/31,localhost,", true),
    ("127.0.0.1", "localhost,127.0.0.1", true),
    ("127.0.0.1", "localhost," + String(repeating: "127.0.0.1.", count: 12) + "127.0.0.", false),
    ("127.0.0.1", "localhost," + String(repeating: "127.0.0.1.", count: 12) + "127.0.0", false),
    ("localhost", "localhost,127.0.0.1", true),
    ("localhost", "127.0.0.1,localhost", true),
    ("foobar", "barfoo", false),
    ("foobar", "foobar", true),
    ("192.168.0.1", "foobar", false),
    ("192.168.0.1", "192.168.0.0/16", true),
    ("192.168.0.1", "192.168.0.0/24", true),
    ("192.168.0.1", "192.168.0.0/32", false),
    ("192.168.0.1", "192.168.0.0", false),
    ("192.168.1.1", "192.168.0.0/24", false),
    ("192.168.1.1", "192.168.0.0/33", false),
    ("192.168.1.1", "foo, bar, 192.168.0.0/24", false),
    ("192.168.1.1", "foo, bar, 192.168.0.0/16", true),
    ("[::1]", "foo, bar, 192.168.0.0/16", false),
    ("[::1]", "foo, bar, ::1/64", true),
    ("[::1]", "::1/64", true),
    ("[::1]", "::1/96", true),
    ("[::1]", "::1/129", false),
    ("bar", "foo, bar, ::1/64", true),
    ("BAr", "foo, bar, ::1/64", true),
    ("BAr", "foo,,,,,              bar, ::1/64", true),
    ("www.example.com", "foo, .example.com", true),
    ("www.example.com", "www2.example.com, .example.net", false),
    ("example.com", ".example.com, .example.net", true),
    ("nonexample.com", ".example.com, .example.net", false),
    ("192.160.0.1", "192.160.0.1/33", false),
    ("192.160.0.1", "192.160.0.1/32", true),
    ("192.160.0.1", "192.160.0.1", true),
    ("192.160.0.1", "192.160.0.1/24", true),
    ("192.160.0.1", "192.160.0.1/26", true),
    ("192.160.0.1", "192.160.0.1/20", true),
    ("192.160.0.1", "192.160.0.1/18", true),
    ("192.160.0.1", "192.160.0.1/12", true),
    ("192.160.0.1", "192.160.0.1/8", true),
    ("192.160.0.1", "10.0.0.1/8", false),
    ("192.160.0.1", "10.0.0.1/32", false),
    ("192.160.0.1", "10.0.0.1", false),
    ("::1", "::1", true),
    ("::1", "::1/128", true),
    ("::1", "0:0::1/128", true),
    ("::1", "0:0::1/129", false),
    ("fe80::ab47:4396:55c9:8474", "fe80::ab47:4396:55c9:8474/64", true),
  ]

  @Test("curl's own no_proxy cases route as curl routes them (decisions only: nothing is sent)")
  func curlNoProxyCases() {
    let wrong = Self.curlCases.filter { NoProxyList($0.noProxy).sendsDirect(host: $0.host) != $0.direct }
    #expect(wrong.isEmpty, "\(wrong.map { "\($0.host) in \"\($0.noProxy)\" should \($0.direct ? "" : "not ")match" })")
  }

  @Test("a proxy's credentials become its authorization; socks5 is a SOCKS proxy; other schemes none")
  func kinds() {
    let withUser = WebProxy.server("http://me:se%40cret@proxy.test:3128")
    #expect(withUser?.authorization != nil && withUser?.host == "proxy.test")
    #expect(WebProxy.server("socks5://proxy.test") == .socksServer(host: "proxy.test", port: 1080))
    #expect(WebProxy.server("ftp://proxy.test") == nil)
  }

  @Test("a proxy's user and password are percent-decoded once: %2540 stays %40")
  func credentialsDecodedOnce() {
    let server = WebProxy.server("http://m%40e:50%25%2540off@proxy.test:3128")
    let expected = HTTPClient.Authorization.basic(username: "m@e", password: "50%%40off")
    #expect(server?.authorization == expected)
  }

  @Test("plain http goes to an HTTP proxy in absolute form, Host first, with the proxy's own credentials")
  func absoluteForm() throws {
    let request = try HTTPClient.Request(url: "http://shop.test:8080/feed?page=2#top")
    let proxy = WebProxy.server("http://me:pw@proxy.test:3128")
    let head = AbsoluteFormGet.requestHead(request, proxyAuthorization: proxy?.authorization)
    #expect(head.method == .GET && head.uri == "http://shop.test:8080/feed?page=2")
    #expect(head.headers.first?.name == "Host" && head.headers.first?.value == "shop.test:8080")
    #expect(head.headers["Proxy-Authorization"] == ["Basic bWU6cHc="])
    let bare = AbsoluteFormGet.requestHead(try HTTPClient.Request(url: "http://shop.test"), proxyAuthorization: nil)
    #expect(bare.uri == "http://shop.test/" && bare.headers["Host"] == ["shop.test"])
  }

  @Test("only plain http through an HTTP proxy is sent in absolute form: https tunnels, SOCKS is SOCKS")
  func whichGoAbsolute() {
    var network = NetworkConfiguration()
    network.proxyVariables = ["http_proxy": "proxy.test:3128", "https_proxy": "proxy.test:3128"]
    #expect(WebClient.absoluteFormProxy(for: URL(string: "http://shop.test/a")!, network) != nil)
    #expect(WebClient.absoluteFormProxy(for: URL(string: "https://shop.test/a")!, network) == nil)
    network.proxyVariables = ["http_proxy": "socks5://proxy.test"]
    #expect(WebClient.absoluteFormProxy(for: URL(string: "http://shop.test/a")!, network) == nil)
  }
}
