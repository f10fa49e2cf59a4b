import Foundation
import Testing

/// A PostgreSQL catalogue in the release binary, against the private server `Tests/with-postgres.sh` starts for
/// the run: imported, opened in tmux with nothing but its address, sorted, filtered; and a wrong password refused
/// before the terminal is touched.
extension ViewerEndToEndTests {
  /// The cluster's environment for the binary and psql, or nil after recording that the test cannot run.
  static func postgresEnvironment(sourceLocation: SourceLocation = #_sourceLocation) -> [String: String]? {
    let environment = ProcessInfo.processInfo.environment
    guard let address = environment["WATERFALL_POSTGRES_URL"], let bin = environment["WATERFALL_POSTGRES_BIN"] else {
      Issue.record(
        "WATERFALL_POSTGRES_URL is not set: run the tests through Tests/with-postgres.sh (make test does)",
        sourceLocation: sourceLocation)
      return nil
    }
    return ["WATERFALL_POSTGRES_URL": address, "WATERFALL_POSTGRES_BIN": bin]
  }

  /// A new database of the cluster, its address.
  static func freshPostgresDatabase(_ environment: [String: String]) throws -> String {
    let name = "e2e_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let created = try BinaryRun(
      shell: "\"$WATERFALL_POSTGRES_BIN/psql\" \"$WATERFALL_POSTGRES_URL\" -X -q -c 'CREATE DATABASE \(name)'",
      environment: environment)
    #expect(created.status == 0, "\(created.errors)")
    let address = environment["WATERFALL_POSTGRES_URL"]!
    return address[..<address.range(of: "/", options: .backwards)!.lowerBound] + "/" + name
  }

  /// The address as the binary shows it: without the password.
  static func shown(_ address: String) -> String {
    let at = address.range(of: "@", options: .backwards)!
    let user = address[address.range(of: "://")!.upperBound...].prefix { $0 != ":" }
    return "postgresql://\(user)" + address[at.lowerBound...]
  }

  @Test("a PostgreSQL catalogue: imported, opened in tmux by its address, sorted, filtered, checked")
  func postgresCatalogue() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let (address, folder, imported) = try Self.postgresImported(300, environment)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(imported.output.hasPrefix("\(Self.shown(address)): 300 items imported, 0 items skipped for problems, "))
    #expect(!imported.output.contains(environment["WATERFALL_POSTGRES_URL"]!), "the password is never shown")
    let pane = try TmuxPane(arguments: [address], width: 100, height: 30)
    try pane.waitForScreen { $0.contains("┌") && $0.contains("item 0") }
    try expectCheapestFirstThenAlone(in: pane)
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    let checked = try BinaryRun(["check", address])
    #expect(checked.status == 0 && checked.output == "300 items, 0 problems\n", "\(checked.errors)")
    let snapshot = try BinaryRun(["snapshot", address])
    #expect(snapshot.status == 0 && snapshot.output.contains("item 0"), "\(snapshot.errors)")
  }

  @Test("a wrong password: one line without it, exit status 2, the terminal never touched")
  func postgresWrongPassword() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let address = try Self.freshPostgresDatabase(environment)
    let at = address.range(of: "@", options: .backwards)!
    let password = address[..<at.lowerBound].split(separator: ":").last!
    let wrong = address.replacingOccurrences(of: ":\(password)@", with: ":wrong-secret-42@")
    let pane = try TmuxPane(arguments: [wrong], width: 200, height: 30)
    let screen = try pane.waitForScreen { $0.contains("EXIT=") }
    #expect(
      screen.contains("waterfall: postgresql://***\(address[at.lowerBound...]): password authentication failed")
        && screen.contains("EXIT=2"), "\(screen)")
    #expect(!screen.contains("wrong-secret-42"))
    #expect(try pane.format("#{alternate_on}") == "0", "the alternate screen was never entered")
  }
}
