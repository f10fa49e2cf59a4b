import Foundation
import Testing

@testable import PostgresCatalog

/// What makes a server's catalogue unusable is one line naming the address, never its password.
@Suite("A PostgreSQL address that cannot be used says why in one line, without the password")
struct PostgresFaultTests {
  /// `address` with its password replaced by `password`.
  static func with(password: String, _ address: String) -> String {
    let scheme = address.range(of: "://")!
    let at = address.range(of: "@", options: .backwards)!
    let user = address[scheme.upperBound..<at.lowerBound].split(separator: ":")[0]
    return String(address[..<scheme.upperBound]) + user + ":" + password + String(address[at.lowerBound...])
  }

  func failure(_ address: String) -> String? {
    do {
      _ = try PostgresCatalogue.open(address: address)
      return nil
    } catch {
      return error.description
    }
  }

  /// A loopback port nothing listens on (bound, then closed).
  static func closedPort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    try withUnsafeMutablePointer(to: &address) { pointer in
      try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        guard bind(socket, $0, length) == 0, getsockname(socket, $0, &length) == 0 else {
          throw POSIXError(.EADDRINUSE)
        }
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  @Test("a wrong password")
  func wrongPassword() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    let line = try #require(failure(Self.with(password: "not-the-secret-7", address)))
    #expect(line.contains("password authentication failed"), "\(line)")
    #expect(!line.contains("not-the-secret-7"))
    #expect(line.hasPrefix("postgresql://postgres@127.0.0.1:"))
  }

  @Test("a database that does not exist")
  func missingDatabase() throws {
    guard let address = TestServer.address() else { return }
    let line = try #require(failure(TestServer.replacingDatabase(of: address, with: "no_such_db")))
    #expect(line.contains("database \"no_such_db\" does not exist"), "\(line)")
    #expect(!line.contains(address.split(separator: ":")[2].split(separator: "@")[0]), "no password")
  }

  @Test("a database without a catalogue")
  func missingTable() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    let line = try #require(failure(address))
    #expect(line.contains("no catalogue in schema waterfall of this database"), "\(line)")
  }

  @Test("a port nobody listens on")
  func refusedPort() throws {
    let port = try Self.closedPort()
    let line = try #require(failure("postgresql://someone:secret-pw@127.0.0.1:\(port)/db?sslmode=disable"))
    #expect(
      line == "postgresql://someone@127.0.0.1:\(port)/db: cannot connect to 127.0.0.1:\(port) (connection refused)")
  }

  @Test("TLS required of a server that offers none")
  func refusedTLS() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    let line = try #require(failure(address + "?sslmode=require"))
    #expect(line.contains("does not offer TLS"), "\(line)")
  }

  @Test("an address that cannot be read names what is wrong, not the password")
  func unreadableAddress() {
    for (address, reason) in [
      ("postgresql://u:hunter2@h:99999/db", "the port must be"),
      ("postgresql://u:hunter2@h/db?sslmode=verify-all", "sslmode must be"),
      ("postgres://u:hunter2@h/db?usr=x", "unknown parameter usr"),
    ] {
      let line = failure(address) ?? ""
      #expect(line.contains(reason), "\(line)")
      #expect(!line.contains("hunter2"), "\(line)")
    }
  }

  @Test("what the address leaves out comes from PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE and PGSSLMODE")
  func environment() throws {
    let environment = [
      "PGHOST": "db.example", "PGPORT": "6543", "PGUSER": "shop", "PGPASSWORD": "pw", "PGDATABASE": "catalogue",
      "PGSSLMODE": "require",
    ]
    let bare = try PostgresAddress.parse("postgresql://", environment: environment).get()
    #expect(
      bare
        == PostgresAddress(
          host: "db.example", port: 6543, user: "shop", password: "pw", database: "catalogue", tls: .require))
    let given = try PostgresAddress.parse("postgres://me:p%40ss@h:1/d?sslmode=disable", environment: environment).get()
    #expect(given == PostgresAddress(host: "h", port: 1, user: "me", password: "p@ss", database: "d", tls: .disable))
    let defaults = try PostgresAddress.parse("postgresql://me@h", environment: [:]).get()
    #expect(defaults == PostgresAddress(host: "h", port: 5432, user: "me", password: nil, database: "me", tls: .prefer))
  }

  @Test("the viewer's session is read-only: a write is refused by the server")
  func readOnlySession() throws {
    guard let fixture = try PostgresFixture(count: 5, seed: 4) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address)
    #expect(throws: (any Error).self) { try catalogue.session.run("DELETE FROM items") }
    #expect(catalogue.itemCount == 5)
    #expect(try TestServer.psql(fixture.address, "SELECT count(*) FROM waterfall.items") == "5")
  }

  @Test("an import over a catalogue is refused without --replace, and replaces it with")
  func replace() throws {
    guard let fixture = try PostgresFixture(count: 8, seed: 5) else { return }
    #expect(throws: PostgresFailure.self) {
      try PostgresImport.run(sources: [fixture.dataset], address: fixture.address)
    }
    let again = try PostgresImport.run(
      sources: [fixture.dataset, fixture.dataset], address: fixture.address, existing: .replace)
    #expect(again.items == 16)
    #expect(try PostgresCatalogue.open(address: fixture.address).itemCount == 16)
  }
}

/// An import is one transaction: what stops it halfway leaves the database as it was.
@Suite("A PostgreSQL import that fails leaves nothing")
struct PostgresImportFailureTests {
  @Test("a source that cannot be read after one that was: no table is left, and the catalogue before stays whole")
  func failedImport() throws {
    guard let fixture = try PostgresFixture(count: 12, seed: 8) else { return }
    let broken = fixture.folder + "/broken.json"
    try Data("[{\"w\": 1, \"h\": 1, \"price\": \"¥1\"}, {\"w\": ".utf8).write(to: URL(fileURLWithPath: broken))
    #expect(throws: PostgresFailure.self) {
      try PostgresImport.run(sources: [fixture.dataset, broken], address: fixture.address, existing: .replace)
    }
    #expect(
      try TestServer.psql(fixture.address, "SELECT count(*) FROM waterfall.items") == "12", "the catalogue before")
    guard let empty = try TestServer.freshDatabase() else { return }
    #expect(throws: PostgresFailure.self) {
      try PostgresImport.run(sources: [fixture.dataset, broken], address: empty)
    }
    #expect(try TestServer.psql(empty, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
  }
}
