import Foundation
import TestSupport
import Testing

/// Recordings given to `render` and `snapshot --replay`: the option a bad value came from is named, a damaged
/// recording is bad input (exit 2) for both, and asciinema's own recording is not replayed as if it were ours.
@Suite("Recording files")
struct RecordingFilesEndToEndTests {
  /// Removed with the suite's value, after each test.
  let folder = TemporaryDirectory("casts")

  /// A file in this test's folder holding `lines`, each ended; its path.
  func cast(_ name: String, _ lines: [String]) -> String {
    folder.write(name, lines.map { $0 + "\n" }.joined())
  }

  static let header = #"{"version": 2, "width": 40, "height": 10, "waterfall_arguments": []}"#

  @Test("render --font-size 0 names --font-size, as the user typed it, not the tape's FontSize")
  func fontSizeNamesTheOption() throws {
    let path = cast("ok.cast", [Self.header, #"[0.1, "o", "hello"]"#])
    let run = try BinaryRun(["render", path, folder.file("out.png"), "--font-size", "0"])
    #expect(run.status == 64)
    #expect(run.errors.contains("--font-size 0: expects 4 to 200 pixels"), "\(run.errors)")
    #expect(!run.errors.contains("FontSize"), "\(run.errors)")
  }

  @Test("a recording cut short is bad input: exit 2 from render and snapshot --replay alike, the line named")
  func truncatedRecording() throws {
    let path = cast("cut.cast", [Self.header, #"[0.1, "o", "hel"#])
    let rendered = try BinaryRun(["render", path, folder.file("out.png")])
    let replayed = try BinaryRun(["snapshot", "--replay", path])
    for run in [rendered, replayed] {
      #expect(run.status == 2, "\(run.errors)")
      #expect(run.errors.contains("\(path): line 2:"), "\(run.errors)")
    }
  }

  @Test("asciinema's own recording, without waterfall's header: replay says so and exits 2, render still draws it")
  func plainAsciinemaRecording() throws {
    let path = cast("plain.cast", [#"{"version": 2, "width": 40, "height": 10}"#, #"[0.1, "o", "$ ls"]"#])
    let replayed = try BinaryRun(["snapshot", "--replay", path])
    #expect(replayed.status == 2)
    #expect(replayed.errors.contains("\(path): not a waterfall recording"), "\(replayed.errors)")
    #expect(!replayed.output.contains("Waterfall"), "the bundled catalogue was shown:\n\(replayed.output)")
    let rendered = try BinaryRun(["render", path, folder.file("plain.png")])
    #expect(rendered.status == 0, "\(rendered.errors)")
  }
}
