import Foundation
import TestSupport
import Testing

/// What a replay runs: a pick session's recording replays as the pick session it was, and a tape's recording
/// keeps the arguments its typed command line gave, so `snapshot --replay` shows the tape's screen.
@Suite("Replayed arguments")
struct ReplayArgumentsEndToEndTests {
  /// Removed with the suite's value, after each test.
  let folder = TemporaryDirectory("replay")

  @Test("a recording made with --pick replays, picking as it did: the mark typed shows in the status line")
  func pickRecordingReplays() throws {
    let header =
      #"{"version": 2, "width": 80, "height": 24, "waterfall_arguments": ["--pick", "--multi", "2", "#
      + #""--print", "title", "--no-images"]}"#
    let cast = folder.write("pick.cast", header + "\n" + #"[0.5, "i", " "]"# + "\n" + #"[0.6, "o", ""]"# + "\n")
    let run = try BinaryRun(["snapshot", "--replay", cast])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("1/2 marked"), "\(run.output)")
  }

  @Test("a tape's .cast names the arguments its typed waterfall line ran, and replays to the same screen")
  func tapeCastKeepsTypedArguments() throws {
    let castPath = folder.file("t.cast")
    let tape = folder.write(
      "t.tape",
      """
      Output "\(castPath)"
      Type "waterfall --no-images --columns 3"
      Enter
      Sleep 500ms
      """)
    let played = try BinaryRun(["snapshot", "--tape", tape, "--size", "64x12"])
    #expect(played.status == 0, "\(played.errors)")
    let header = try #require(try String(contentsOfFile: castPath, encoding: .utf8).split(separator: "\n").first)
    #expect(header.contains(#""waterfall_arguments": ["--no-images", "--columns", "3"]"#), "\(header)")
    let replayed = try BinaryRun(["snapshot", "--replay", castPath])
    let direct = try BinaryRun(["snapshot", "--no-config", "--size", "64x12", "--no-images", "--columns", "3"])
    #expect(replayed.status == 0, "\(replayed.errors)")
    #expect(replayed.output == direct.output, "replayed:\n\(replayed.output)\ndirect:\n\(direct.output)")
  }
}
