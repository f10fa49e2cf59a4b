import Foundation
import Testing

/// Options said as what they do and refused where they do nothing: `--offline`'s help, `--table` on a file that
/// is not SQLite. An extension of the one serialized end-to-end suite.
extension ViewerEndToEndTests {
  /// A small JSON dataset in a folder of its own; the folder and the file.
  static func smallJSONDataset() throws -> (folder: URL, file: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-scope-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("data.json")
    try Data(#"[{"id": 1, "title": "cream skirt", "price": "¥10", "w": 300, "h": 400}]"#.utf8).write(to: file)
    return (folder, file.path)
  }

  @Test("--offline's help says it stops pictures being fetched, not everything: a feed is still fetched")
  func offlineHelpSaysPictures() throws {
    let run = try BinaryRun(["--help"])
    let line = try #require(run.output.split(separator: "\n").first { $0.contains("--offline") }.map(String.init))
    let help = run.output[run.output.range(of: line)!.upperBound...].prefix(200)
    #expect(!help.contains("fetch nothing over the network"), "\(line)\(help)")
    #expect(help.contains("picture") && help.contains("feed"), "\(line)\(help)")
  }

  @Test("the config's table leaves a JSON dataset as it is; --table on one names the option and the file")
  func tableOnlyForSQLite() throws {
    let (folder, file) = try Self.smallJSONDataset()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appendingPathComponent("config.toml").path
    try Data("table = \"items\"\n".utf8).write(to: URL(fileURLWithPath: config))
    let withConfig = try BinaryRun(["snapshot", "--size", "80x24", "--config", config, file])
    #expect(withConfig.status == 0, "\(withConfig.errors)")
    #expect(withConfig.output.contains("data.json · 1 item"), "\(withConfig.output)")

    let named = try BinaryRun(["snapshot", "--size", "80x24", "--no-config", "--table", "items", file])
    #expect(named.status != 0)
    #expect(
      named.errors.contains("--table items applies only to SQLite files and PostgreSQL addresses: \(file) is neither"),
      "\(named.errors)")
    #expect(!named.errors.contains("not a SQLite database"), "\(named.errors)")
    let checked = try BinaryRun(["check", "--table", "items", file])
    #expect(checked.status != 0 && checked.errors.contains("applies only to SQLite files"), "\(checked.errors)")
  }
}
