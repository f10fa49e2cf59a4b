import Foundation
import Testing

@testable import PostgresCatalog

/// libpq's rules beyond its URI cases, each as a decision: the keyword/value form, several hosts, the PG*
/// variables, the password and service files, TLS. No connection is made.
@Suite("libpq's connection rules")
struct PostgresAddressRulesTests {
  /// An environment with no home folder's files, and `extra`.
  static func bare(_ extra: [String: String] = [:]) -> [String: String] {
    ["HOME": "/nonexistent"].merging(extra) { $1 }
  }

  static func address(_ text: String, _ environment: [String: String] = bare()) throws -> PostgresAddress {
    try PostgresAddress.parse(text, environment: environment).get()
  }

  static func refusal(_ text: String, _ environment: [String: String] = bare()) -> String? {
    guard case .failure(let failure) = PostgresAddress.parse(text, environment: environment) else { return nil }
    return failure.description
  }

  @Test("keyword/value: blanks around =, quotes with \\' and \\\\, a backslash outside quotes")
  func keywordValue() throws {
    let given = try PostgresConnectionString.parse(
      #"host = /var/run/postgresql  dbname='my \'shop\'' user=a\ b password='p\\w' application_name='' "#
    ).get()
    #expect(given["host"] == "/var/run/postgresql" && given["dbname"] == "my 'shop'")
    #expect(given["user"] == "a b" && given["password"] == #"p\w"# && given["application_name"] == "")
    #expect(
      PostgresConnectionString.parse("dbname='shop").failure?.reason
        == "unterminated quoted string in connection info string")
    #expect(
      PostgresConnectionString.parse("dbname=shop colour=red").failure?.reason
        == "invalid connection option \"colour\"")
    #expect(PostgresAddress.isAddress("host=/tmp dbname=shop") && PostgresAddress.isAddress(" dbname = shop"))
    #expect(!PostgresAddress.isAddress("items.jsonl") && !PostgresAddress.isAddress("colour=red.jsonl"))
    let address = try Self.address("host=/var/run/postgresql dbname=shop user=me")
    #expect(address.endpoints == [.init(host: "/var/run/postgresql", port: 5432)] && address.endpoints[0].isSocket)
  }

  @Test("a password in keyword/value settings is never shown")
  func keywordValuePasswordHidden() {
    let line = Self.refusal("host=h password='se cret' dbname=shop sslmode=bogus") ?? ""
    #expect(
      line
        == "host=h dbname=shop sslmode=bogus: sslmode must be disable, allow, prefer, require, verify-ca or verify-full"
    )
    #expect(!(Self.refusal("password=secret port=x") ?? "secret").contains("secret"))
  }

  @Test("several hosts: tried in order, one port for all or one each, hostaddr one each")
  func severalHosts() throws {
    let pairs = try Self.address("postgresql://h1:5433,h2:5434/shop")
    #expect(pairs.endpoints.map(\.shown) == ["h1:5433", "h2:5434"])
    #expect(pairs.description == "postgresql://\(pairs.user)@h1:5433,h2:5434/shop")
    let onePort = try Self.address("host=h1,h2,/tmp port=6000")
    #expect(onePort.endpoints.map(\.shown) == ["h1:6000", "h2:6000", "/tmp/.s.PGSQL.6000"])
    let emptyEntries = try Self.address("host=h1, port=,6000")
    #expect(
      emptyEntries.endpoints.map(\.shown)
        == ["h1:5432", "/var/run/postgresql/.s.PGSQL.6000", "/tmp/.s.PGSQL.6000"])
    #expect(Self.refusal("host=a,b,c port=1,2")?.hasSuffix("could not match 2 port numbers to 3 hosts") == true)
    #expect(
      Self.refusal("host=a,b hostaddr=127.0.0.1")?.hasSuffix("could not match 2 host names to 1 hostaddr values")
        == true)
    let dialled = try Self.address("host=db.example hostaddr=127.0.0.1")
    #expect(dialled.endpoints == [.init(host: "db.example", hostAddress: "127.0.0.1", port: 5432)])
    #expect(dialled.endpoints[0].shown == "127.0.0.1:5432" && !dialled.endpoints[0].isSocket)
    #expect(Self.refusal("hostaddr=db.example")?.contains("could not parse network address") == true)
  }

  @Test("a percent-encoded socket folder in the URI host, or ?host=")
  func socketFolders() throws {
    let encoded = try Self.address("postgres://%2Fvar%2Frun%2Fpostgresql/shop")
    #expect(encoded.endpoints.map(\.shown) == ["/var/run/postgresql/.s.PGSQL.5432"])
    let query = try Self.address("postgresql:///waterfall?host=/tmp/x&user=postgres&port=6543")
    #expect(query.endpoints.map(\.shown) == ["/tmp/x/.s.PGSQL.6543"] && query.user == "postgres")
    #expect(query.description == "postgresql://postgres@%2Ftmp%2Fx:6543/waterfall")
  }

  @Test("the address, then the service, then PG* variables, then defaults")
  func precedence() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "# shop\n[shop]\nhost=/tmp/svc\n dbname=shopdb\nport=7000\n\n[other]\nuser=nobody\n"
      .write(toFile: folder + "/services", atomically: true, encoding: .utf8)
    let environment = Self.bare([
      "PGSERVICEFILE": folder + "/services", "PGHOST": "envhost", "PGUSER": "envuser", "PGPORT": "7001",
      "PGAPPNAME": "app", "PGCONNECT_TIMEOUT": "1", "PGOPTIONS": "-c search_path=shop",
    ])
    let address = try Self.address("service=shop port=7002", environment)
    #expect(address.endpoints.map(\.shown) == ["/tmp/svc/.s.PGSQL.7002"])
    #expect(address.user == "envuser" && address.database == "shopdb" && address.applicationName == "app")
    #expect(address.connectTimeout == 1 && address.serverOptions == "-c search_path=shop")
    let byVariable = try Self.address("postgresql://", environment.merging(["PGSERVICE": "shop"]) { $1 })
    #expect(byVariable.endpoints.map(\.shown) == ["/tmp/svc/.s.PGSQL.7000"])
    #expect(
      Self.refusal("service=nothere", environment)?.hasSuffix("definition of service \"nothere\" not found") == true)
    try "[bad]\nhost\n".write(toFile: folder + "/services", atomically: true, encoding: .utf8)
    #expect(Self.refusal("service=bad", environment)?.contains("syntax error in service file") == true)
  }

  @Test("the password file: matched field by field, * for any, \\: escaped, localhost for the default socket")
  func passwordFile() {
    let lines = [
      "# a comment", #"db.example:5432:shop:me:first\:pass"#, "*:*:other:*:anywhere", "localhost:5432:*:me:local",
      #"h\:x:*:*:*:colon"#,
    ]
    func find(_ host: String, _ database: String = "shop", _ user: String = "me") -> String? {
      PostgresPasswordFile.password(in: lines, host: host, port: 5432, database: database, user: user)
    }
    #expect(find("db.example") == "first:pass")
    #expect(find("db.example", "other", "you") == "anywhere")
    #expect(find("/var/run/postgresql") == "local" && find("") == "local" && find("/srv/sock") == nil)
    #expect(find("h:x") == "colon" && find("elsewhere") == nil)
  }

  @Test("a password file others may read is ignored with libpq's warning; 0600 is read")
  func passwordFileMode() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/.pgpass"
    try "h:5432:shop:me:secret\n".write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o644)
    let loose = try Self.address("postgresql://me@h/shop", ["HOME": folder])
    #expect(loose.endpoints[0].filePassword == nil)
    #expect(
      loose.warnings == [
        "WARNING: password file \"\(path)\" has group or world access; permissions should be u=rw (0600) or less"
      ])
    chmod(path, 0o600)
    let strict = try Self.address("postgresql://me@h/shop", ["HOME": folder])
    #expect(strict.endpoints[0].filePassword == "secret" && strict.warnings.isEmpty)
    let given = try Self.address("postgresql://me:mine@h/shop", ["HOME": folder])
    #expect(given.endpoints[0].filePassword == nil && given.password == "mine")
    let elsewhere = try Self.address("host=h user=me dbname=shop", ["HOME": "/nonexistent", "PGPASSFILE": path])
    #expect(elsewhere.endpoints[0].filePassword == "secret")
  }

  @Test("TLS: the six modes; verify-ca and verify-full need roots; sslrootcert=system only with verify-full")
  func tlsModes() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let roots = folder + "/root.crt"
    try "".write(toFile: roots, atomically: true, encoding: .utf8)
    for mode in PostgresAddress.TLSMode.allCases where mode != .verifyCA && mode != .verifyFull {
      let address = try Self.address("postgresql://h/db?sslmode=\(mode.rawValue)")
      #expect(address.tls == mode && address.trustedRoots == nil)
    }
    #expect(Self.refusal("postgresql://h/db?sslmode=verify-full")?.contains("root certificate file") == true)
    let full = try Self.address("postgresql://h/db?sslmode=verify-full&sslrootcert=\(roots)")
    #expect(full.tls == .verifyFull && full.trustedRoots == .file(roots))
    let chain = try Self.address("host=h sslmode=verify-ca", Self.bare(["PGSSLROOTCERT": roots]))
    #expect(chain.tls == .verifyCA && chain.trustedRoots == .file(roots))
    let system = try Self.address("postgresql://h/db?sslrootcert=system")
    #expect(system.tls == .verifyFull && system.trustedRoots == .system)
    #expect(
      Self.refusal("postgresql://h/db?sslrootcert=system&sslmode=require")?.hasSuffix(
        "weak sslmode \"require\" may not be used with sslrootcert=system (use \"verify-full\")") == true)
    // libpq's rule: a root file there makes the weaker modes check the chain.
    #expect(try Self.address("postgresql://h/db?sslmode=require", ["HOME": folder]).trustedRoots == nil)
    try FileManager.default.createDirectory(atPath: folder + "/.postgresql", withIntermediateDirectories: true)
    try "".write(toFile: folder + "/.postgresql/root.crt", atomically: true, encoding: .utf8)
    let defaulted = try Self.address("postgresql://h/db?sslmode=require", ["HOME": folder])
    #expect(defaulted.trustedRoots == .file(folder + "/.postgresql/root.crt"))
    #expect(try Self.address("postgresql://h/db?ssl=true").tls == .require)
  }

  @Test("libpq keywords this client cannot honour are refused by name; harmless ones pass")
  func unsupportedKeywords() throws {
    #expect(
      Self.refusal("host=h sslcert=/c.crt") == "host=h sslcert=/c.crt: sslcert=/c.crt is not supported by this client")
    #expect(
      Self.refusal("postgresql://h/db", Self.bare(["PGSSLKEY": "/k"]))
        == "postgresql://h/db: sslkey=/k (PGSSLKEY) is not supported by this client")
    #expect(Self.refusal("host=h target_session_attrs=read-write")?.contains("not supported") == true)
    _ = try Self.address("host=h keepalives=1 target_session_attrs=any client_encoding=UTF8")
    #expect(Self.refusal("host=h options='-d 5'")?.contains("only -c name=value settings") == true)
    #expect(Self.refusal("host=h options='-c client_encoding=LATIN1'")?.contains("client_encoding") == true)
    #expect(try Self.address(#"host=h options='-c search_path=a\\ b --jit=off'"#).serverOptions != nil)
    #expect(Self.refusal("host=h connect_timeout=soon")?.contains("connect_timeout") == true)
  }

  static func temporaryFolder() throws -> String {
    let folder = NSTemporaryDirectory() + "waterfall-pgaddr-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
