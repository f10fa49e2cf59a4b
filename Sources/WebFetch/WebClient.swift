import AsyncHTTPClient
import Foundation
import Locking
import NIOCore
import NIOSSL
import Pictures

/// The process's http(s) clients (AsyncHTTPClient on SwiftNIO's shared event loops), one per route: direct, or
/// through the proxy curl's variables name for the address. Each pools and keeps alive its connections per host;
/// none is ever shut down (they live as long as the process, as its event loops do).
enum WebClient {
  /// What a client is made for: its proxy and the limits it enforces itself.
  struct Key: Hashable, Sendable {
    var proxy: HTTPClient.Configuration.Proxy?
    var connectTimeout: Duration
    var maximumBodyBytes: Int
    var connectionsPerHost: Int
    var trustedCertificateFile: String?
  }

  private static let clients = Locked<[Key: HTTPClient]>([:])
  private static let environment = ProcessInfo.processInfo.environment

  /// The client for `url` under `network`: through the proxy the environment names for it, if any.
  static func client(for url: URL, _ network: NetworkConfiguration) -> HTTPClient {
    let key = Key(
      proxy: WebProxy.proxy(for: url, environment: network.proxyVariables ?? environment),
      connectTimeout: network.connectTimeout, maximumBodyBytes: network.maximumBodyBytes,
      connectionsPerHost: network.requestsPerHost, trustedCertificateFile: network.trustedCertificateFile)
    return clients.withLock { clients in
      if let client = clients[key] { return client }
      let client = HTTPClient(eventLoopGroup: .singletonMultiThreadedEventLoopGroup, configuration: configuration(key))
      clients[key] = client
      return client
    }
  }

  /// The HTTP proxy a plain-http `url` is sent to in absolute form (``AbsoluteFormGet``), if any: not a SOCKS
  /// proxy, not https (tunnelled with `CONNECT`, as RFC 9110 asks).
  static func absoluteFormProxy(for url: URL, _ network: NetworkConfiguration) -> HTTPClient.Configuration.Proxy? {
    guard URLScheme(of: url) == .http,
      let proxy = WebProxy.proxy(for: url, environment: network.proxyVariables ?? environment),
      proxy != .socksServer(host: proxy.host, port: proxy.port)
    else { return nil }
    return proxy
  }

  private static func configuration(_ key: Key) -> HTTPClient.Configuration {
    var tls = TLSConfiguration.makeClientConfiguration()
    if let file = key.trustedCertificateFile {
      tls.additionalTrustRoots = [.file(file)]
    }
    var pool = HTTPClient.Configuration.ConnectionPool()
    // Above the fetcher's own limit per host: a connection whose request was just stopped may not be closed yet
    // when the next fetch to that host starts, and the new one must not queue behind it.
    pool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(8, key.connectionsPerHost * 2)
    // A refused connection is an answer (the host is down): not retried until the connect time-out.
    pool.retryConnectionEstablishment = false
    let connect = TimeAmount.nanoseconds(Int64(clamping: key.connectTimeout.nanoseconds))
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls,
      // Redirects are followed by WebGet itself: its own limits, credentials and https rules at each hop.
      redirectConfiguration: .disallow,
      timeout: HTTPClient.Configuration.Timeout(connect: connect),
      connectionPool: pool,
      proxy: key.proxy,
      decompression: .enabled(limit: .size(key.maximumBodyBytes)))
    // HTTP/1.1 only: the fetcher's per-host limit then counts connections, as it did with URLSession.
    configuration.httpVersion = .http1Only
    return configuration
  }
}
