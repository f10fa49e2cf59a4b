/// How pictures are fetched over http(s).
public struct NetworkConfiguration: Hashable, Sendable {
  /// Until the response's headers arrive: name lookup, connect, TLS and the server's first answer (each redirect's
  /// server gets its own).
  public var connectTimeout: Duration = .seconds(5)
  /// The whole fetch, redirects included.
  public var totalTimeout: Duration = .seconds(20)
  /// A body that grows past this is stopped as it streams in.
  public var maximumBodyBytes = 20 << 20
  public var maximumRedirects = 5
  public var requestsPerHost = 4
  public var requestsInAll = 8
  /// The disk cache only: nothing is fetched.
  public var offline = false
  /// After a failure a URL is not asked for again until this has passed, doubling with each failure in a row.
  public var firstRetryDelay: Duration = .seconds(2)
  public var longestRetryDelay: Duration = .seconds(300)
  /// The variables the proxy is chosen from (`http_proxy`, `no_proxy`, …, as curl reads them); nil: this process's
  /// environment. Tests give their own, as the environment is the whole process's.
  public var proxyVariables: [String: String]?
  /// A PEM certificate trusted besides the system's store: for tests of https over loopback, never a user setting.
  public var trustedCertificateFile: String?

  public init() {}
}
