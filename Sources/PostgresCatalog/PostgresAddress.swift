import Foundation
import PostgresNIO

/// A PostgreSQL address as libpq reads one: a URI (`postgresql://user:password@host:port,host2/database?key=value`,
/// or `postgres://`) or keyword/value settings (`host=/var/run/postgresql dbname=shop`); what it leaves out taken
/// from its service (`service=`, PGSERVICE: `~/.pg_service.conf`, PGSERVICEFILE, the system's), then the PG*
/// variables, then libpq's defaults (Debian's socket folder `/var/run/postgresql`, then `/tmp`; 5432; the login
/// name; a database named as the user; `prefer`); a missing password from `~/.pgpass` (PGPASSFILE).
public struct PostgresAddress: Sendable, Hashable {
  public enum TLSMode: String, Sendable, CaseIterable {
    case disable, allow, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"
  }

  /// The certificates a server's must chain to: a file of them (`sslrootcert`, `~/.postgresql/root.crt`) or the
  /// system's (`sslrootcert=system`).
  public enum TrustedRoots: Sendable, Hashable {
    case file(String)
    case system
  }

  /// One server to try: a host name, an IP address or a socket folder (a leading `/`), and the port.
  public struct Endpoint: Sendable, Hashable {
    public var host: String
    /// `hostaddr`: the IP address dialled in place of looking `host` up (which still names it for TLS).
    public var hostAddress: String?
    public var port: Int
    /// The password file's for this server, when the address gives none.
    public var filePassword: String?

    public init(host: String, hostAddress: String? = nil, port: Int, filePassword: String? = nil) {
      (self.host, self.hostAddress, self.port, self.filePassword) = (host, hostAddress, port, filePassword)
    }

    /// A Unix socket's folder (libpq never uses TLS on one).
    public var isSocket: Bool { hostAddress == nil && host.hasPrefix("/") }

    /// The socket file, or `host:port` (an IPv6 literal in brackets): what a connection failure names.
    public var shown: String {
      if isSocket { return "\(host)/.s.PGSQL.\(port)" }
      let dialled = hostAddress ?? host
      return dialled.contains(":") ? "[\(dialled)]:\(port)" : "\(dialled):\(port)"
    }
  }

  /// Tried in order until one answers.
  public var endpoints: [Endpoint]
  public var user: String
  public var password: String?
  public var database: String
  public var tls: TLSMode
  public var trustedRoots: TrustedRoots?
  /// `application_name` (PGAPPNAME), else `fallback_application_name`; nil: `waterfall`.
  public var applicationName: String?
  /// `connect_timeout` in seconds per server (0: no limit); nil: postgres-nio's 10 s.
  public var connectTimeout: Int?
  /// `options` (PGOPTIONS): `-c name=value` settings for the server, sent as written.
  public var serverOptions: String?
  /// What the reading noticed and ignored, in libpq's words (a password file readable by others).
  public var warnings: [String] = []
  /// The schema a session names its tables in (its `search_path`, that schema alone); nil: the server's path.
  /// Not part of the address as written: the catalogue's schema (`--schema`) is the caller's choice.
  public var schema: String?

  public init(
    host: String, port: Int, user: String, password: String?, database: String, tls: TLSMode,
    trustedRoots: TrustedRoots? = nil
  ) {
    self.init(
      endpoints: [Endpoint(host: host, port: port)], user: user, password: password, database: database, tls: tls,
      trustedRoots: trustedRoots)
  }

  public init(
    endpoints: [Endpoint], user: String, password: String?, database: String, tls: TLSMode,
    trustedRoots: TrustedRoots? = nil
  ) {
    (self.endpoints, self.user, self.password, self.database, self.tls) = (endpoints, user, password, database, tls)
    self.trustedRoots = trustedRoots
  }

  /// The first server's host and port.
  public var host: String { endpoints[0].host }
  public var port: Int { endpoints[0].port }

  /// Whether `text` names a PostgreSQL server rather than a file: a `postgresql://` or `postgres://` URI, or
  /// keyword/value settings starting with one of libpq's keywords (`dbname=shop`; a file of that name is written
  /// `./dbname=shop`).
  public static func isAddress(_ text: String) -> Bool {
    PostgresConnectionString.isURI(text) || PostgresConnectionString.isKeywordValue(text)
  }

  /// The address, or why it cannot be one (never quoting the password).
  public static func parse(
    _ text: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<PostgresAddress, PostgresFailure> {
    let shown = shownAddress(text)
    guard isAddress(text) else {
      return .failure(PostgresFailure(address: shown, reason: "not a postgresql:// address"))
    }
    switch PostgresConnectionString.parse(text) {
    case .failure(let error):
      return .failure(PostgresFailure(address: shown, reason: Self.reason(for: error)))
    case .success(let given):
      do throws(AddressError) {
        return .success(try AddressResolution(given: given, environment: environment).address())
      } catch {
        let reason =
          error.kind == .port && PostgresConnectionString.isURI(text) && credentialsCutShort(text)
          ? unreadableCredentials : error.reason
        return .failure(PostgresFailure(address: shown, reason: reason))
      }
    }
  }

  /// `parse`'s address, its warnings written to standard error as libpq writes them.
  static func reading(_ text: String) throws(PostgresFailure) -> PostgresAddress {
    let address = try parse(text).get()
    for warning in address.warnings { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
    return address
  }

  /// A connection string libpq refuses: an unknown query parameter in our words, the rest in libpq's.
  static func reason(for error: PostgresConnectionString.ConnectionStringError) -> String {
    let unknown = "invalid URI query parameter: \""
    if error.reason.hasPrefix(unknown) {
      return "unknown parameter \(error.reason.dropFirst(unknown.count).dropLast())"
    }
    let invalid = "invalid connection option \""
    if error.reason.hasPrefix(invalid) {
      return "unknown keyword \(error.reason.dropFirst(invalid.count).dropLast())"
    }
    return error.reason
  }

  static let unreadableCredentials = "cannot be read: a / ? # or @ in the user or password is written %2F %3F %23 %40"

  /// Whether an `@` after the first `/` says a user or password was cut short by a `/` in it (libpq then reads
  /// what follows the `:` as a port that is no number).
  private static func credentialsCutShort(_ text: String) -> Bool {
    guard let scheme = text.range(of: "://") else { return false }
    let rest = text[scheme.upperBound...]
    guard let slash = rest.firstIndex(of: "/") else { return false }
    return rest[slash...].contains("@")
  }

  /// As shown in messages and the header: the URI of what is tried, without the password; a socket folder
  /// percent-encoded as libpq reads it back (`postgresql://me@%2Fvar%2Frun%2Fpostgresql:5432/shop`).
  public var description: String {
    let hosts = endpoints.map { endpoint in
      let name = endpoint.host.isEmpty ? (endpoint.hostAddress ?? "") : endpoint.host
      if name.hasPrefix("/") {
        return name.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
          .replacingOccurrences(of: ",", with: "%2C") + ":\(endpoint.port)"
      }
      return (name.contains(":") ? "[\(name)]" : name) + ":\(endpoint.port)"
    }
    return "postgresql://\(user)@\(hosts.joined(separator: ","))/\(database)"
  }

  /// The first server's `host:port` or socket file.
  public var hostAndPort: String { endpoints[0].shown }

  /// An address that could not be read as a message shows it: without its password, nor a URI's parameters
  /// (whose values may be one: `?password=…`); the reason names the part that is wrong.
  static func shownAddress(_ text: String) -> String {
    guard PostgresConnectionString.isURI(text) else { return redactedKeywordValue(text) }
    let bare = redacted(text)
    guard let scheme = bare.range(of: "://"),
      let parameters = bare[scheme.upperBound...].firstIndex(where: { $0 == "?" || $0 == "#" })
    else { return bare }
    return String(bare[..<parameters])
  }

  /// `text` with whatever stands between `:` and `@` after the user removed, for a message about an address
  /// that could not be read.
  static func redacted(_ text: String) -> String {
    guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@") else {
      return text
    }
    let credentials = text[scheme.upperBound..<at]
    guard let colon = credentials.firstIndex(of: ":") else { return text }
    return String(text[..<colon]) + String(text[at...])
  }

  /// Keyword/value settings without a `password` setting (quoted or not) or a `sslpassword` one.
  static func redactedKeywordValue(_ text: String) -> String {
    text.replacing(#/(?:^|\s+)(?:ssl)?password\s*=\s*(?:'(?:[^'\\]|\\.)*'?|(?:\\.|\S)*)/#, with: "")
      .trimmingCharacters(in: .whitespaces)
  }

  /// postgres-nio's configuration for one server: its socket, or TCP with TLS as asked (`allow`'s first try is
  /// without TLS; `withTLS` makes its second).
  func configuration(for endpoint: Endpoint, withTLS: Bool = false) throws -> PostgresConnection.Configuration {
    let password = password ?? endpoint.filePassword
    var configuration: PostgresConnection.Configuration
    if endpoint.isSocket {
      configuration = PostgresConnection.Configuration(
        unixSocketPath: "\(endpoint.host)/.s.PGSQL.\(endpoint.port)", username: user, password: password,
        database: database)
    } else {
      var tlsSetting = PostgresConnection.Configuration.TLS.disable
      switch tls {
      case .disable: break
      case .allow: if withTLS { tlsSetting = .require(try tlsContext()) }
      case .prefer: tlsSetting = .prefer(try tlsContext())
      case .require, .verifyCA, .verifyFull: tlsSetting = .require(try tlsContext())
      }
      configuration = PostgresConnection.Configuration(
        host: endpoint.hostAddress ?? endpoint.host, port: endpoint.port, username: user, password: password,
        database: database, tls: tlsSetting)
      // With `hostaddr`, the certificate still answers for the host's name.
      if endpoint.hostAddress != nil, !endpoint.host.isEmpty, !endpoint.host.hasPrefix("/") {
        configuration.options.tlsServerName = endpoint.host
      }
    }
    if let connectTimeout {
      // libpq: 0 waits as long as the system does; less than 2 s is 2 s.
      configuration.options.connectTimeout = connectTimeout == 0 ? .hours(24) : .seconds(Int64(max(connectTimeout, 2)))
    }
    configuration.options.additionalStartupParameters = [("application_name", applicationName ?? "waterfall")]
    if let serverOptions { configuration.options.additionalStartupParameters.append(("options", serverOptions)) }
    return configuration
  }

  /// The TLS context of libpq's checks: `verify-full` the chain and the host's name, `verify-ca` the chain, the
  /// weaker modes the chain only when a root file is there (libpq's rule) and else nothing (they encrypt without
  /// knowing who answers).
  private func tlsContext() throws -> NIOSSLContext {
    var configuration = TLSConfiguration.makeClientConfiguration()
    configuration.certificateVerification =
      switch (tls, trustedRoots) {
      case (.verifyFull, _): .fullVerification
      case (.verifyCA, _), (_, .some): .noHostnameVerification
      default: .none
      }
    switch trustedRoots {
    case .file(let path): configuration.trustRoots = .file(path)
    case .system, nil: configuration.trustRoots = .default
    }
    return try NIOSSLContext(configuration: configuration)
  }
}

/// Why a PostgreSQL catalogue cannot be used: one line naming the address (never its password).
public struct PostgresFailure: Error, Sendable, CustomStringConvertible {
  public var address: String
  public var reason: String

  public init(address: String, reason: String) { (self.address, self.reason) = (address, reason) }

  /// The server's words are its own: a control character in them (a hostile server's) never reaches a terminal.
  public var description: String {
    String(
      String.UnicodeScalarView(
        "\(address): \(reason)".unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
  }
}
