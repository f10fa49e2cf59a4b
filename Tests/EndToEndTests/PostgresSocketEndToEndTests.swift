import Foundation
import Testing

/// The release binary reaching the private cluster as psql users reach a local server: through its Unix socket,
/// by a URI with `?host=` and by keyword/value settings.
extension ViewerEndToEndTests {
  @Test("a PostgreSQL catalogue checked and snapshotted through the cluster's socket")
  func postgresSocketAddress() throws {
    guard let environment = Self.postgresEnvironment() else { return }
    let processEnvironment = ProcessInfo.processInfo.environment
    guard let folder = processEnvironment["WATERFALL_POSTGRES_SOCKET_DIR"],
      let port = processEnvironment["WATERFALL_POSTGRES_PORT"]
    else {
      Issue.record("WATERFALL_POSTGRES_SOCKET_DIR is not set: run the tests through Tests/with-postgres.sh")
      return
    }
    let (address, datasetFolder, _) = try Self.postgresImported(30, environment)
    defer { try? FileManager.default.removeItem(at: datasetFolder) }
    let database = address[address.range(of: "/", options: .backwards)!.upperBound...]
    let uri = "postgresql:///\(database)?host=\(folder)&port=\(port)&user=postgres"
    let checked = try BinaryRun(["check", uri])
    #expect(checked.status == 0 && checked.output == "30 items, 0 problems\n", "\(checked.errors)")
    let settings = "host=\(folder) port=\(port) user=postgres dbname=\(database)"
    let snapshot = try BinaryRun(["snapshot", settings])
    #expect(snapshot.status == 0 && snapshot.output.contains("item 0"), "\(snapshot.errors)")
  }
}
