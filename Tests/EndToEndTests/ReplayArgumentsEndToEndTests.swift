import Foundation
import Testing

/// What a replay runs: a pick session's recording replays as the pick session it was.
@Suite("Replayed arguments")
struct ReplayArgumentsEndToEndTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-replay-\(UUID().uuidString)")

  init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

  func write(_ name: String, _ text: String) throws -> String {
    let file = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  @Test("a recording made with --pick replays, picking as it did: the mark typed shows in the status line")
  func pickRecordingReplays() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let header =
      #"{"version": 2, "width": 80, "height": 24, "waterfall_arguments": ["--pick", "--multi", "2", "#
      + #""--print", "title", "--no-images"]}"#
    let cast = try write("pick.cast", header + "\n" + #"[0.5, "i", " "]"# + "\n" + #"[0.6, "o", ""]"# + "\n")
    let run = try BinaryRun(["snapshot", "--replay", cast])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("1/2 marked"), "\(run.output)")
  }
}
