import Foundation
import PostgresNIO

/// A PostgreSQL address as libpq reads one: `postgresql://user:password@host:port/database?sslmode=…` (or
/// `postgres://`), what it leaves out taken from PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE and PGSSLMODE,
/// then libpq's defaults (localhost, 5432, the login name, a database named as the user, `prefer`).
public struct PostgresAddress: Sendable, Hashable {
  public enum TLSMode: String, Sendable, CaseIterable {
    case disable, prefer, require
  }

  public var host: String
  public var port: Int
  public var user: String
  public var password: String?
  public var database: String
  public var tls: TLSMode

  /// Whether `text` names a PostgreSQL server rather than a file.
  public static func isAddress(_ text: String) -> Bool {
    let lowered = text.lowercased()
    return lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://")
  }

  /// The address, or why it cannot be one (never quoting the password).
  public static func parse(
    _ text: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Result<PostgresAddress, PostgresFailure> {
    let shown = shownAddress(text)
    guard isAddress(text) else {
      return .failure(PostgresFailure(address: shown, reason: "not a postgresql:// address"))
    }
    guard let parts = URLComponents(string: text) else {
      // Most often a password with a character that ends its part of the address (`pa/ss`).
      return .failure(
        PostgresFailure(
          address: shown, reason: "cannot be read: a / ? # or @ in the user or password is written %2F %3F %23 %40"))
    }
    func setting(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    var mode = setting("PGSSLMODE") ?? "prefer"
    for item in parts.queryItems ?? [] {
      guard item.name == "sslmode" else {
        return .failure(PostgresFailure(address: shown, reason: "unknown parameter \(item.name) (only sslmode)"))
      }
      mode = item.value ?? ""
    }
    guard let tls = TLSMode(rawValue: mode) else {
      return .failure(PostgresFailure(address: shown, reason: "sslmode must be disable, prefer or require"))
    }
    let portText = parts.port.map(String.init) ?? setting("PGPORT") ?? "5432"
    guard let port = Int(portText), (1...65535).contains(port) else {
      return .failure(PostgresFailure(address: shown, reason: "the port must be a number from 1 to 65535"))
    }
    let user =
      parts.percentEncodedUser.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
      ?? setting("PGUSER") ?? setting("USER") ?? "postgres"
    let password =
      parts.percentEncodedPassword.flatMap { $0.removingPercentEncoding } ?? setting("PGPASSWORD")
    let path = parts.percentEncodedPath.removingPercentEncoding ?? ""
    let database = String(path.drop(while: { $0 == "/" })).nilIfEmpty ?? setting("PGDATABASE") ?? user
    // An IPv6 literal is bracketed in the address (`[::1]`), as in any URL; the socket wants it bare.
    let host = parts.host.map(unbracketed)?.nilIfEmpty ?? setting("PGHOST") ?? "localhost"
    return .success(
      PostgresAddress(host: host, port: port, user: user, password: password, database: database, tls: tls))
  }

  /// As shown in messages and the header: without the password.
  public var description: String { "postgresql://\(user)@\(hostAndPort)/\(database)" }

  /// `host:port`, an IPv6 literal in brackets so that the port stays apart from it.
  public var hostAndPort: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

  private static func unbracketed(_ host: String) -> String {
    host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
  }

  /// An address that could not be read as a message shows it: without its password, nor its parameters (whose
  /// values may be one: `?password=…`); the reason names the parameter that is wrong.
  static func shownAddress(_ text: String) -> String {
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

  /// postgres-nio's configuration: a socket folder (a host starting with `/`, as libpq) or TCP, TLS as asked
  /// (libpq's `prefer` and `require` encrypt without checking the certificate, and so does this).
  func configuration() throws -> PostgresConnection.Configuration {
    if host.hasPrefix("/") {
      var configuration = PostgresConnection.Configuration(
        unixSocketPath: "\(host)/.s.PGSQL.\(port)", username: user, password: password, database: database)
      configuration.options.additionalStartupParameters = Self.startupParameters
      return configuration
    }
    var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
    tlsConfiguration.certificateVerification = .none
    let tlsSetting: PostgresConnection.Configuration.TLS =
      switch tls {
      case .disable: .disable
      case .prefer: .prefer(try NIOSSLContext(configuration: tlsConfiguration))
      case .require: .require(try NIOSSLContext(configuration: tlsConfiguration))
      }
    var configuration = PostgresConnection.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: tlsSetting)
    configuration.options.additionalStartupParameters = Self.startupParameters
    return configuration
  }

  /// The session's name in `pg_stat_activity`, so that an administrator can tell the viewer's connections (to end
  /// one with `pg_terminate_backend`, say) from any other client's.
  static let startupParameters = [("application_name", "waterfall")]
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

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
