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
}
