import Foundation
import Testing

/// The private PostgreSQL cluster `Tests/with-postgres.sh` starts for the test run (`make test` runs every test
/// through it). A test that needs it fails, saying how to run it, when it is missing: never skipped in silence.
enum TestServer {
  /// The cluster's superuser address, or nil after recording why the test cannot run.
  static func address(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let environment = ProcessInfo.processInfo.environment
    guard let address = environment["WATERFALL_POSTGRES_URL"], !address.isEmpty,
      environment["WATERFALL_POSTGRES_BIN"] != nil
    else {
      Issue.record(
        """
        WATERFALL_POSTGRES_URL is not set: the PostgreSQL tests need the private server that Tests/with-postgres.sh \
        starts; run them through it (make test does): Tests/with-postgres.sh swift test --filter PostgresCatalogTests
        """, sourceLocation: sourceLocation)
      return nil
    }
    return address
  }

  /// A new, empty database of the cluster for one test (tests run side by side), and its address.
  static func freshDatabase(sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    guard let address = address(sourceLocation: sourceLocation) else { return nil }
    let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try psql(address, "CREATE DATABASE \(name)")
    return replacingDatabase(of: address, with: name)
  }

  static func replacingDatabase(of address: String, with name: String) -> String {
    let slash = address.range(of: "/", options: .backwards)!
    return String(address[..<slash.lowerBound]) + "/" + name
  }

  /// Runs `sql` with the cluster's psql on `address`, stopping at the first error; its output.
  @discardableResult
  static func psql(_ address: String, _ sql: String) throws -> String {
    let bin = ProcessInfo.processInfo.environment["WATERFALL_POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: bin + "/psql")
    process.arguments = [address, "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", "-c", sql]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else { throw PSQLFailed(output: text) }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  struct PSQLFailed: Error, CustomStringConvertible {
    var output: String
    var description: String { "psql failed: \(output)" }
  }
}
