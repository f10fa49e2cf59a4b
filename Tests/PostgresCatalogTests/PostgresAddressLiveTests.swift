import Foundation
import Testing

@testable import PostgresCatalog

/// libpq's address forms against the private cluster: its Unix socket (the URI with `?host=`, keyword/value
/// settings, a service file), a password from a password file, several hosts, and verified TLS on its TLS copy.
/// Every address is on loopback or a socket; the environment each reads is the test's own (tests run side by side,
/// so none changes the process's).
@Suite("PostgreSQL addresses, connected")
struct PostgresAddressLiveTests {
  /// The cluster's socket folder, port and password, or nil after recording why the test cannot run.
  struct Cluster {
    var socketFolder: String
    var port: String
    var password: String

    init?(sourceLocation: SourceLocation = #_sourceLocation) {
      let environment = ProcessInfo.processInfo.environment
      guard let address = TestServer.address(sourceLocation: sourceLocation) else { return nil }
      guard let folder = environment["WATERFALL_POSTGRES_SOCKET_DIR"], let port = environment["WATERFALL_POSTGRES_PORT"]
      else {
        Issue.record(
          "WATERFALL_POSTGRES_SOCKET_DIR is not set: Tests/with-postgres.sh sets it", sourceLocation: sourceLocation)
        return nil
      }
      let credentials = address[
        address.range(of: "://")!.upperBound..<address.range(of: "@", options: .backwards)!.lowerBound]
      (socketFolder, self.port, password) = (folder, port, String(credentials.split(separator: ":")[1]))
    }
  }

  /// Connects to `text` read with `environment` (no home folder's files unless given); whether the connection
  /// is encrypted, as the server says.
  @discardableResult
  static func connect(_ text: String, _ environment: [String: String] = ["HOME": "/nonexistent"]) throws -> Bool {
    let address = try PostgresAddress.parse(text, environment: environment).get()
    let session = try PostgresSession.connect(address, readOnly: true)
    defer { session.close() }
    let rows = try session.rows("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
    return try rows.first?.decode(Bool.self) ?? false
  }

  static func failure(_ text: String, _ environment: [String: String] = ["HOME": "/nonexistent"]) -> String? {
    do {
      try connect(text, environment)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("a catalogue opens through the socket: the URI with ?host=, and keyword/value settings")
  func socketForms() throws {
    guard let cluster = Cluster(), let fixture = try PostgresFixture(count: 5, seed: 43) else { return }
    let database = String(fixture.address[fixture.address.range(of: "/", options: .backwards)!.upperBound...])
    for text in [
      "postgresql:///\(database)?host=\(cluster.socketFolder)&port=\(cluster.port)&user=postgres",
      "postgres://postgres@\(cluster.socketFolder.replacingOccurrences(of: "/", with: "%2F")):\(cluster.port)/\(database)",
      "host=\(cluster.socketFolder) port=\(cluster.port) user=postgres dbname='\(database)'",
    ] {
      let catalogue = try PostgresCatalogue.open(address: text)
      #expect(catalogue.itemCount == 5, "\(text)")
      #expect(catalogue.session.address.endpoints[0].isSocket)
    }
  }

  @Test("a password from a password file in the home folder; ignored, so refused, when others may read the file")
  func passwordFile() throws {
    guard let cluster = Cluster() else { return }
    let home = try PostgresAddressRulesTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let file = home + "/.pgpass"
    try "# the test cluster\n127.0.0.1:\(cluster.port):*:postgres:\(cluster.password)\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    let text = "host=127.0.0.1 port=\(cluster.port) user=postgres dbname=waterfall sslmode=disable"
    chmod(file, 0o600)
    try Self.connect(text, ["HOME": home])
    chmod(file, 0o644)
    let line = Self.failure(text, ["HOME": home]) ?? ""
    #expect(line.contains("password"), "\(line)")
    let address = try PostgresAddress.parse(text, environment: ["HOME": home]).get()
    #expect(address.warnings.first?.contains("has group or world access") == true)
  }

  @Test("a service file's section (PGSERVICEFILE) names the socket, port, user and database")
  func serviceFile() throws {
    guard let cluster = Cluster() else { return }
    let folder = try PostgresAddressRulesTests.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "[waterfall]\nhost=\(cluster.socketFolder)\nport=\(cluster.port)\nuser=postgres\ndbname=waterfall\n"
      .write(toFile: folder + "/services.conf", atomically: true, encoding: .utf8)
    let environment = ["HOME": "/nonexistent", "PGSERVICEFILE": folder + "/services.conf"]
    try Self.connect("service=waterfall", environment)
    try Self.connect("postgresql://?service=waterfall", environment)
  }

  @Test("several hosts are tried in order: a refused port, then the cluster's socket")
  func severalHosts() throws {
    guard let cluster = Cluster() else { return }
    let closed = try PostgresFaultTests.closedPort()
    try Self.connect(
      "host=127.0.0.1,\(cluster.socketFolder) port=\(closed),\(cluster.port) user=postgres dbname=waterfall")
    let line =
      Self.failure("host=127.0.0.1,127.0.0.1 port=\(closed) user=postgres dbname=waterfall sslmode=disable") ?? ""
    #expect(
      line.hasSuffix(
        "cannot connect to 127.0.0.1:\(closed) (connection refused); cannot connect to 127.0.0.1:\(closed) "
          + "(connection refused)"), "\(line)")
  }

  @Test(
    "verify-full passes with the right root and name; fails with another root or name; require connects anyway; allow retries with TLS"
  )
  func verifiedTLS() throws {
    guard let cluster = Cluster() else { return }
    let environment = ProcessInfo.processInfo.environment
    guard let port = environment["WATERFALL_POSTGRES_TLS_PORT"], let root = environment["WATERFALL_POSTGRES_TLS_CA"],
      let otherRoot = environment["WATERFALL_POSTGRES_OTHER_CA"]
    else {
      Issue.record("WATERFALL_POSTGRES_TLS_PORT is not set: Tests/with-postgres.sh sets it when openssl is installed")
      return
    }
    let server = "hostaddr=127.0.0.1 port=\(port) user=postgres password=\(cluster.password) dbname=postgres"
    #expect(try Self.connect("host=localhost \(server) sslmode=verify-full sslrootcert=\(root)"))
    try Self.connect(
      "postgresql://postgres:\(cluster.password)@localhost:\(port)/postgres?sslmode=verify-full&sslrootcert=\(root)&hostaddr=127.0.0.1"
    )
    let otherRootLine = Self.failure("host=localhost \(server) sslmode=verify-full sslrootcert=\(otherRoot)") ?? ""
    #expect(otherRootLine.hasSuffix("is not signed by a trusted root (sslrootcert)"), "\(otherRootLine)")
    let otherNameLine = Self.failure("host=other.invalid \(server) sslmode=verify-full sslrootcert=\(root)") ?? ""
    #expect(otherNameLine.hasSuffix("the server's certificate does not name other.invalid"), "\(otherNameLine)")
    // verify-ca checks the chain, not the name.
    try Self.connect("host=other.invalid \(server) sslmode=verify-ca sslrootcert=\(root)")
    #expect(Self.failure("host=other.invalid \(server) sslmode=verify-ca sslrootcert=\(otherRoot)") != nil)
    // require (and prefer) encrypt whatever the certificate, without a root file.
    #expect(try Self.connect("host=other.invalid \(server) sslmode=require"))
    #expect(try Self.connect("host=other.invalid \(server) sslmode=prefer"))
    #expect(try !Self.connect("host=localhost \(server) sslmode=disable"))
    // allow: without TLS first; with it when refused without (the TLS copy's template1).
    #expect(try !Self.connect("host=localhost \(server) sslmode=allow"))
    let tlsOnly = server.replacingOccurrences(of: "dbname=postgres", with: "dbname=template1")
    #expect(try Self.connect("host=localhost \(tlsOnly) sslmode=allow"))
    #expect(Self.failure("host=localhost \(tlsOnly) sslmode=disable")?.contains("no encryption") == true)
  }
}
