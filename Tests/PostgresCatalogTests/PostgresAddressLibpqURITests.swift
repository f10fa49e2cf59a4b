import Foundation
import Testing

@testable import PostgresCatalog

/// libpq's own URI cases (postgres `src/interfaces/libpq/t/001_uri.pl`), as data: each URI, the settings libpq
/// reads from it (what `libpq_uri_regress` prints: those that differ from the defaults) and whether it dials a
/// Unix socket (local) or TCP (inet); or libpq's refusal. No connection is made.
@Suite("libpq's URI cases")
struct PostgresAddressLibpqURITests {
  struct Case: CustomTestStringConvertible, Sendable {
    var uri: String
    /// libpq's settings, nil when it refuses the URI.
    var settings: [String: String]?
    var local: Bool = false
    /// libpq's refusal (our words for an unknown parameter).
    var refusal: String?
    var environment: [String: String] = [:]
    var testDescription: String { uri }
  }

  static func read(
    _ uri: String, _ settings: [String: String], local: Bool = false, _ environment: [String: String] = [:]
  )
    -> Case
  { Case(uri: uri, settings: settings, local: local, environment: environment) }

  static func refused(_ uri: String, _ refusal: String) -> Case { Case(uri: uri, refusal: refusal) }

  static let cases: [Case] = [
    read(
      "postgresql://uri-user:secret@host:12345/db",
      ["user": "uri-user", "password": "secret", "dbname": "db", "host": "host", "port": "12345"]),
    read("postgresql://uri-user@host:12345/db", ["user": "uri-user", "dbname": "db", "host": "host", "port": "12345"]),
    read("postgresql://uri-user@host/db", ["user": "uri-user", "dbname": "db", "host": "host"]),
    read("postgresql://host:12345/db", ["dbname": "db", "host": "host", "port": "12345"]),
    read("postgresql://host/db", ["dbname": "db", "host": "host"]),
    read("postgresql://uri-user@host:12345/", ["user": "uri-user", "host": "host", "port": "12345"]),
    read("postgresql://uri-user@host/", ["user": "uri-user", "host": "host"]),
    read("postgresql://uri-user@", ["user": "uri-user"], local: true),
    read("postgresql://host:12345/", ["host": "host", "port": "12345"]),
    read("postgresql://host:12345", ["host": "host", "port": "12345"]),
    read("postgresql://host/db", ["dbname": "db", "host": "host"]),
    read("postgresql://host/", ["host": "host"]),
    read("postgresql://host", ["host": "host"]),
    read("postgresql://", [:], local: true),
    read("postgresql://?hostaddr=127.0.0.1", ["hostaddr": "127.0.0.1"]),
    read("postgresql://example.com?hostaddr=63.1.2.4", ["host": "example.com", "hostaddr": "63.1.2.4"]),
    read("postgresql://%68ost/", ["host": "host"]),
    read("postgresql://host/db?user=uri-user", ["user": "uri-user", "dbname": "db", "host": "host"]),
    read(
      "postgresql://host/db?user=uri-user&port=12345",
      ["user": "uri-user", "dbname": "db", "host": "host", "port": "12345"]),
    read(
      "postgresql://host/db?u%73er=someotheruser&port=12345",
      ["user": "someotheruser", "dbname": "db", "host": "host", "port": "12345"]),
    // libpq: invalid URI query parameter: "uzer"
    refused("postgresql://host/db?u%7aer=someotheruser&port=12345", "unknown parameter uzer"),
    read("postgresql://host:12345?user=uri-user", ["user": "uri-user", "host": "host", "port": "12345"]),
    read("postgresql://host?user=uri-user", ["user": "uri-user", "host": "host"]),
    read("postgresql://host?", ["host": "host"]),
    read("postgresql://[::1]:12345/db", ["dbname": "db", "host": "::1", "port": "12345"]),
    read("postgresql://[::1]/db", ["dbname": "db", "host": "::1"]),
    read("postgresql://[2001:db8::1234]/", ["host": "2001:db8::1234"]),
    read("postgresql://[200z:db8::1234]/", ["host": "200z:db8::1234"]),
    read("postgresql://[::1]", ["host": "::1"]),
    read("postgres://", [:], local: true),
    read("postgres:///", [:], local: true),
    read("postgres:///db", ["dbname": "db"], local: true),
    read("postgres://uri-user@/db", ["user": "uri-user", "dbname": "db"], local: true),
    read("postgres://?host=/path/to/socket/dir", ["host": "/path/to/socket/dir"], local: true),
    refused("postgresql://host?uzer=", "unknown parameter uzer"),
    refused("postgre://", "missing \"=\" after \"postgre://\" in connection info string"),
    refused(
      "postgres://[::1",
      "end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"postgres://[::1\""),
    refused("postgres://[]", "IPv6 host address may not be empty in URI: \"postgres://[]\""),
    refused(
      "postgres://[::1]z",
      "unexpected character \"z\" at position 17 in URI (expected \":\" or \"/\"): \"postgres://[::1]z\""),
    refused("postgresql://host?zzz", "missing key/value separator \"=\" in URI query parameter: \"zzz\""),
    refused("postgresql://host?value1&value2", "missing key/value separator \"=\" in URI query parameter: \"value1\""),
    refused("postgresql://host?key=key=value", "extra key/value separator \"=\" in URI query parameter: \"key\""),
    refused("postgres://host?dbname=%XXfoo", "invalid percent-encoded token: \"%XXfoo\""),
    refused("postgresql://a%00b", "forbidden value %00 in percent-encoded value: \"a%00b\""),
    refused("postgresql://%zz", "invalid percent-encoded token: \"%zz\""),
    refused("postgresql://%1", "invalid percent-encoded token: \"%1\""),
    refused("postgresql://%", "invalid percent-encoded token: \"%\""),
    read("postgres://@host", ["host": "host"]),
    read("postgres://host:/", ["host": "host"]),
    read("postgres://:12345/", ["port": "12345"], local: true),
    read(
      "postgres://otheruser@?host=/no/such/directory", ["user": "otheruser", "host": "/no/such/directory"],
      local: true),
    read(
      "postgres://otheruser@/?host=/no/such/directory", ["user": "otheruser", "host": "/no/such/directory"],
      local: true),
    read(
      "postgres://otheruser@:12345?host=/no/such/socket/path",
      ["user": "otheruser", "host": "/no/such/socket/path", "port": "12345"], local: true),
    read(
      "postgres://otheruser@:12345/db?host=/path/to/socket",
      ["user": "otheruser", "dbname": "db", "host": "/path/to/socket", "port": "12345"], local: true),
    read(
      "postgres://:12345/db?host=/path/to/socket", ["dbname": "db", "host": "/path/to/socket", "port": "12345"],
      local: true),
    read("postgres://:12345?host=/path/to/socket", ["host": "/path/to/socket", "port": "12345"], local: true),
    read(
      "postgres://%2Fvar%2Flib%2Fpostgresql/dbname", ["dbname": "dbname", "host": "/var/lib/postgresql"],
      local: true),
    // With the system's roots the default sslmode is verify-full, so libpq prints the other two only.
    read("postgresql://host?sslmode=disable", ["host": "host", "sslmode": "disable"], ["PGSSLROOTCERT": "system"]),
    read("postgresql://host?sslmode=prefer", ["host": "host", "sslmode": "prefer"], ["PGSSLROOTCERT": "system"]),
    read("postgresql://host?sslmode=verify-full", ["host": "host"], ["PGSSLROOTCERT": "system"]),
  ]

  /// The settings as libpq's test prints them: those that differ from the defaults (port 5432; sslmode prefer,
  /// or verify-full with the system's roots).
  static func printed(_ given: PostgresConnectionString, environment: [String: String]) -> [String: String] {
    var settings: [String: String] = [:]
    for (keyword, value) in given.settings { settings[keyword] = value }
    let defaultMode = environment["PGSSLROOTCERT"] == "system" ? "verify-full" : "prefer"
    if settings["sslmode"] == defaultMode { settings["sslmode"] = nil }
    if settings["port"] == "5432" { settings["port"] = nil }
    return settings
  }

  @Test("each URI reads as libpq reads it, or is refused in libpq's words", arguments: cases)
  func libpqCase(_ libpqCase: Case) throws {
    switch PostgresConnectionString.parse(libpqCase.uri) {
    case .failure(let error):
      let line = PostgresAddress.reason(for: error)
      #expect(libpqCase.refusal != nil, "refused: \(error.reason)")
      #expect(line == libpqCase.refusal)
    case .success(let given):
      let expected = try #require(libpqCase.settings, "libpq refuses it: \(libpqCase.refusal ?? "")")
      #expect(Self.printed(given, environment: libpqCase.environment) == expected)
      // Resolved without a home folder's files, the servers it dials are sockets exactly when libpq's are.
      let environment = libpqCase.environment.merging(["HOME": "/nonexistent"]) { $1 }
      switch PostgresAddress.parse(libpqCase.uri, environment: environment) {
      case .success(let address):
        #expect(address.endpoints.allSatisfy(\.isSocket) == libpqCase.local)
        #expect(address.endpoints.contains(where: \.isSocket) == libpqCase.local)
      case .failure(let failure):
        // libpq's connection (not its parsing, which its test stops at) refuses a weaker sslmode with the system's
        // roots.
        #expect(libpqCase.environment["PGSSLROOTCERT"] == "system" && failure.reason.contains("weak sslmode"))
      }
    }
  }

  @Test("a URI without a host dials Debian's socket folder, then /tmp, as the login user, on its database")
  func defaultSocket() throws {
    let address = try PostgresAddress.parse("postgres:///shop", environment: ["HOME": "/nonexistent"]).get()
    #expect(address.endpoints.map(\.shown) == ["/var/run/postgresql/.s.PGSQL.5432", "/tmp/.s.PGSQL.5432"])
    #expect(address.user == AddressResolution.loginName && address.database == "shop")
    #expect(
      address.description
        == "postgresql://\(address.user)@%2Fvar%2Frun%2Fpostgresql:5432,%2Ftmp:5432/shop")
  }
}
