import ArgumentParser
import Testing

@testable import waterfall

@Suite("Tape, replay and record options")
struct TapeOptionsTests {
  @Test(
    "conflicting inputs and stray flags are usage errors: a clear message and exit 64",
    arguments: [
      (["snapshot", "--tape", "a.tape", "--keys", "j"], "--tape, --replay and --keys each give the input"),
      (["snapshot", "--tape", "a.tape", "--replay", "a.cast"], "--tape, --replay and --keys each give the input"),
      (["snapshot", "--replay", "a.cast", "--expect", "g.txt", "--every-frame"], "leave out --every-frame"),
      (["--record-input"], "--record-input goes with --record FILE.cast"),
    ])
  func usageErrors(arguments: [String], expected: String) throws {
    let error = try #require(CommandLineTests.usageError(arguments))
    #expect(error.message.contains(expected), "\(error.message)")
    #expect(error.exitCode == 64)
  }

  @Test("a recording keeps the viewer's arguments without the recording's own; the replay gets the same latency")
  func recordedArguments() throws {
    let view = try #require(try Waterfall.parseAsRoot(["--record", "x.cast", "--page-size", "5"]) as? ViewCommand)
    #expect(view.record == "x.cast")
    let arguments = view.recordedArguments(from: [
      "view", "--record", "x.cast", "--record-input", "--no-mouse", "--page-size", "5",
    ])
    #expect(arguments == ["--no-mouse", "--page-size", "5"])
    let given = try #require(try Waterfall.parseAsRoot(["--latency", "200", "--record=x.cast"]) as? ViewCommand)
    #expect(given.recordedArguments(from: ["--latency", "200", "--record=x.cast"]) == ["--latency", "200"])
    // The replay parses them as a snapshot's: no latency unless the viewer had one, as the viewer.
    #expect(try SnapshotCommand.parse(arguments).dataOptions.latency == nil)
  }

  @Test("a session drawn in ASCII for want of a UTF-8 locale records --ascii, once, and its replay draws ASCII")
  func asciiSessionRecordsASCII() throws {
    let view = try #require(try Waterfall.parseAsRoot(["--record", "x.cast"]) as? ViewCommand)
    let arguments = view.recordedArguments(from: ["--record", "x.cast", "--columns", "3"], unicode: false)
    #expect(arguments == ["--columns", "3", "--ascii"])
    #expect(try SnapshotCommand.parse(arguments).display.ascii)
    #expect(view.recordedArguments(from: ["--ascii"], unicode: false) == ["--ascii"])
    #expect(view.recordedArguments(from: ["--columns", "3"], unicode: true) == ["--columns", "3"])
  }
}
