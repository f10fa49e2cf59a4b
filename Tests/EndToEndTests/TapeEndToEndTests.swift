import Foundation
import TestSupport
import Testing

/// Tapes, golden files and recordings through the release binary: what a QA job runs.
@Suite("Tapes and recordings, end to end", .serialized)
struct TapeEndToEndTests {
  init() throws { try TmuxPane.requireUsableBinary() }

  /// Removed with the suite's value, after each test.
  private let folder = TemporaryDirectory("tapes")
  private var directory: URL { URL(fileURLWithPath: folder.path) }

  private func path(_ name: String) -> String { folder.file(name) }

  /// A tape in the style projects keep next to their README: VHS settings, a hidden shell setup, the typed
  /// command, keys and sleeps, a GIF, and this program's text and recording.
  private func readmeTape(outputs name: String) -> String {
    """
    # demo.tape: the GIF for the README, the text for the check
    Output "\(path(name + ".gif"))"
    Output "\(path(name + ".txt"))"
    Output "\(path(name + ".cast"))"

    Require waterfall
    Set Shell "bash"
    Set FontSize 22
    Set Theme "Catppuccin Mocha"
    Set Width 1200
    Set Height 600
    Set TypingSpeed 60ms

    Hide
    Type "cd ~/shop && clear"
    Enter
    Show

    Type "waterfall --latency 400 --columns 3"
    Sleep 300ms
    Enter
    Wait+Screen /60\\/180 items/
    Down 2
    Type "l"
    Enter
    Sleep 1s
    Escape
    Type "/sneakers"
    Enter
    WaitSettled
    Type "q"
    Sleep 1s
    """
  }

  private func write(_ text: String, to name: String) throws -> String {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    return path(name)
  }

  @Test(
    "a VHS tape runs unchanged: its GIF written at VHS's pixel size, golden frames in VHS's layout, the same bytes on every run"
  )
  func tapeRunsAndRepeats() throws {
    let tape = try write(readmeTape(outputs: "first"), to: "first.tape")
    let run = try BinaryRun(["snapshot", "--tape", tape, "--size", "90x26"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors.contains("ignored (they only matter to VHS): Shell\n"), "\(run.errors)")
    #expect(
      run.errors.contains("Set Width 1200, Height 600: the pictures' pixels; the screen is the size asked for, 90x26"),
      "Set Width 1200 and Height 600 size the GIF, as in VHS; --size the screen")
    #expect(!run.errors.contains("skipped"))
    #expect(!run.errors.contains("the viewer quit"), "only a Sleep follows the q: nothing to report")
    let gif = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path("first.gif"))))
    #expect(gif.starts(with: Array("GIF89a".utf8)))
    #expect(Int(gif[6]) | Int(gif[7]) << 8 == 1200 && Int(gif[8]) | Int(gif[9]) << 8 == 600)
    #expect(gif.count > 10_000 && gif.count < 1_000_000)

    let golden = try String(contentsOfFile: path("first.txt"), encoding: .utf8)
    let separator = String(repeating: "─", count: 80)
    let frames = golden.components(separatedBy: "\n" + separator + "\n")
    // Show, the typed line, Sleep, Enter, Wait, Down, l, Enter, Sleep, Escape, /sneakers, Enter, WaitSettled, q.
    #expect(frames.count - 1 == 14 && golden.hasSuffix(separator + "\n"))
    #expect(frames[1].hasPrefix("> waterfall --latency 400 --columns 3"))
    #expect(frames[4].contains("60/180 items"))
    #expect(frames.contains { $0.contains("Item #") }, "the detail was open")
    #expect(
      frames.allSatisfy {
        $0.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { !$0.hasSuffix(" ") }
      })

    let again = try write(readmeTape(outputs: "second"), to: "second.tape")
    #expect(try BinaryRun(["snapshot", "--tape", again, "--size", "90x26"]).status == 0)
    for kind in ["txt", "cast", "gif"] {
      let first = try Data(contentsOf: URL(fileURLWithPath: path("first.\(kind)")))
      let second = try Data(contentsOf: URL(fileURLWithPath: path("second.\(kind)")))
      #expect(first == second, "\(kind): byte for byte the same")
    }
  }

  @Test("--expect: exit 0 on a match; on a difference the first differing frame as a unified diff, exit 1")
  func expect() throws {
    let tape = try write(readmeTape(outputs: "golden"), to: "golden.tape")
    #expect(try BinaryRun(["snapshot", "--tape", tape, "--size", "90x26"]).status == 0)
    let golden = path("golden.txt")
    let match = try BinaryRun(["snapshot", "--tape", tape, "--size", "90x26", "--expect", golden])
    #expect(match.status == 0, "\(match.output)\(match.errors)")
    #expect(match.output.isEmpty)

    // The golden file a change would break: the row after Down 2 is one more.
    var text = try String(contentsOfFile: golden, encoding: .utf8)
    let range = try #require(text.range(of: " row 3/"))
    text.replaceSubrange(range, with: " row 4/")
    let broken = try write(text, to: "broken.txt")
    let mismatch = try BinaryRun(["snapshot", "--tape", tape, "--size", "90x26", "--expect", broken])
    #expect(mismatch.status == 1)
    #expect(mismatch.output.contains("differs from \(broken)"), "\(mismatch.output)")
    #expect(mismatch.output.contains("after line 23: Down 2"), "\(mismatch.output)")
    #expect(mismatch.output.contains("--- \(broken) frame 6\n+++ run frame 6\n@@ "))
    #expect(mismatch.output.contains("\n- row 4/") && mismatch.output.contains("\n+ row 3/"))
  }

  @Test("the .cast is asciicast v2 (JSON lines, times that never go back) and asciinema prints it")
  func castIsAsciicast() throws {
    let tape = try write(readmeTape(outputs: "cast"), to: "cast.tape")
    #expect(try BinaryRun(["snapshot", "--tape", tape, "--size", "90x26"]).status == 0)
    let lines = try String(contentsOfFile: path("cast.cast"), encoding: .utf8).split(separator: "\n")
    let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    // --size asked for 90 × 26: it wins over the cells VHS's 1200 × 600 pixels would hold.
    #expect(header["version"] as? Int == 2 && header["width"] as? Int == 90 && header["height"] as? Int == 26)
    var last = 0.0
    for line in lines.dropFirst() {
      let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      let time = try #require(event[0] as? Double)
      #expect(event.count == 3 && event[1] as? String == "o" && event[2] is String && time >= last)
      last = time
    }
    // Simulated time without the hidden setup: 45 characters and 6 keys before the q at TypingSpeed 60ms (3.06 s),
    // Sleep 300ms at the prompt, most of the 400 ms latency, Sleep 1s; the last event is the tape's end.
    #expect(last > 3.06 + 0.3 + 0.3 + 1 && last < 7, "\(last)")
    #expect(lines.last?.hasSuffix(", \"o\", \"\"]") == true, "the closing event holds the last frame")
    // asciinema reads the terminal's size from /dev/tty: `script` gives it one.
    let printed = path("asciinema-cat.out")
    let status = try ChildProcess.run(
      ["script", "-qec", "asciinema cat \(TmuxPane.quote(path("cast.cast")))", "/dev/null"], outputPath: printed)
    #expect(status == 0)
    let output = try String(contentsOfFile: printed, encoding: .utf8)
    #expect(output.contains("60/180 items") && output.contains("\u{1B}[") && !output.contains("Traceback"))
  }

  @Test(
    "tape problems name the file, line and column and exit 64; a Wait that times out exits 1 with the screen")
  func problems() throws {
    let bad = try write("Down\nSleep 1s\nWait+Page /x/\n", to: "bad.tape")
    let refused = try BinaryRun(["snapshot", "--tape", bad])
    #expect(refused.status == 64)
    #expect(refused.errors.contains("\(bad):3:6: Wait+ expects Line or Screen"), "\(refused.errors)")
    let slow = try write("Wait@1s /never on this screen/\n", to: "slow.tape")
    let timedOut = try BinaryRun(["snapshot", "--tape", slow, "--latency", "5000"])
    #expect(timedOut.status == 1)
    #expect(timedOut.errors.contains("\(slow):1:1: Wait@1s /never on this screen/ timed out after 1 s"))
    #expect(timedOut.errors.contains("Waterfall · Shop catalogue"), "the screen it saw")
    let typedBadly = try write("Type \"waterfall --columns 0\"\nEnter\n", to: "typed.tape")
    let launch = try BinaryRun(["snapshot", "--tape", typedBadly])
    #expect(launch.status == 64)
    #expect(launch.errors.contains("typed.tape:2:1: could not start the viewer"), "\(launch.errors)")
  }

  @Test("a config file changes the viewer, not a tape's check: its frames are the same on every machine")
  func configFileLeftOutOfChecks() throws {
    let config = directory.appendingPathComponent("config/waterfall")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "columns = 1\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    let environment = ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path]
    let tape = try write("Output \"\(path("plain.txt"))\"\nDown\n", to: "plain.tape")
    let typed = try write("Output \"\(path("typed.txt"))\"\nType \"waterfall\"\nEnter\nDown\n", to: "typed.tape")
    #expect(try BinaryRun(["snapshot", "--tape", tape], environment: environment).status == 0)
    #expect(try BinaryRun(["snapshot", "--tape", typed], environment: environment).status == 0)
    let plain = try String(contentsOfFile: path("plain.txt"), encoding: .utf8)
    let typedFrames = try String(contentsOfFile: path("typed.txt"), encoding: .utf8)
    #expect(plain.contains("┐ ┌"), "several columns, as without the config")
    #expect(typedFrames.contains("┐ ┌"))
    let viewer = try BinaryRun(["snapshot", "--keys", "j"], environment: environment)
    #expect(!viewer.output.contains("┐ ┌"), "the config's one column applies to a plain snapshot")
  }

  @Test("the QA page's tape (docs/tapes-and-recordings.md) gives the QA page's golden file")
  func documentedTape() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    // The tape and its golden file moved out of the README with the rest of the QA section.
    let page = try String(contentsOf: root.appendingPathComponent("docs/tapes-and-recordings.md"), encoding: .utf8)
    func block(after marker: String) throws -> String {
      let start = try #require(page.range(of: marker + "\n```\n"))
      let end = try #require(page.range(of: "\n```\n", range: start.upperBound..<page.endIndex))
      return String(page[start.upperBound..<end.lowerBound]) + "\n"
    }
    let tape = try write(try block(after: "<!-- qa-tape -->"), to: "shop.tape")
    let golden = try write(try block(after: "<!-- qa-golden -->"), to: "shop.txt")
    let check = try BinaryRun(["snapshot", "--tape", tape, "--size", "64x12", "--expect", golden])
    #expect(check.status == 0, "\(check.output)\(check.errors)")
  }

  @Test("--record in tmux, then --replay on the simulated clock reaches the screen the session ended on")
  func recordThenReplay() throws {
    let recording = path("session.cast")
    // No pictures: the live screen is compared the moment the keys are done, before any picture could land.
    let pane = try TmuxPane(
      arguments: ["--record", recording, "--record-input", "--latency", "200", "--no-images"], width: 90, height: 26)
    try pane.waitForScreen { $0.contains("60/180 items") && $0.contains("row 1/") }
    for key in ["j", "j", "l", "Enter"] { try pane.send(keys: [key]) }
    try pane.waitForScreen { $0.contains("Item #") }
    try pane.send(keys: ["Escape"])
    // A key right after a lone Esc would make Alt+key of it, as in any terminal program.
    try pane.waitForScreen { !$0.contains("Item #") }
    try pane.send(keys: ["C-d"])
    let before = try pane.waitForSteadyScreen {
      !$0.contains("Item #") && !$0.contains("row 3/") && $0.contains("row ")
    }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }

    let cast = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(cast.contains("\"waterfall_arguments\": [\"--latency\", \"200\", \"--no-images\"]"))
    #expect(cast.contains(", \"i\", \"q\"]"), "the keys are kept with --record-input")
    let replay = try BinaryRun(["snapshot", "--replay", recording])
    #expect(replay.status == 0, "\(replay.errors)")
    #expect(replay.output == before.trimmingTrailingNewlines + "\n", "\(replay.output)\n---\n\(before)")
    let golden = try write(before, to: "session.txt")
    #expect(try BinaryRun(["snapshot", "--replay", recording, "--expect", golden]).status == 0)
  }

  @Test("a recording keeps the config's key map: the replay, with no config file, reaches the same screen")
  func recordKeyMapThenReplay() throws {
    let home = directory.appendingPathComponent("config-home")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("waterfall"), withIntermediateDirectories: true)
    _ = try write(
      "columns = 2\n\n[keys]\nz = \"half-page-down\"\nj = \"focus-right\"\n", to: "config-home/waterfall/config.toml")
    let recording = path("keys.cast")
    let pane = try TmuxPane(
      arguments: ["--record", recording, "--record-input", "--no-images"],
      width: 90, height: 26, environment: ["XDG_CONFIG_HOME=\(home.path)"])
    try pane.waitForScreen { $0.contains("60/180 items") && $0.contains("row 1/") }
    try pane.send(keys: ["z"])
    try pane.waitForScreen { !$0.contains("row 1/") && $0.contains("row ") }
    try pane.send(keys: ["j"])
    // `j` focuses a box (drawn heavy; its top may be above the view) instead of scrolling a row.
    let before = try pane.waitForSteadyScreen { $0.contains("┃") }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }

    let cast = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(cast.contains("\"waterfall_keys\": {\"j\": \"focus-right\", \"z\": \"half-page-down\"}"))
    #expect(
      cast.contains("\"--columns\", \"2\"") && !cast.contains("config.toml"), "settings written out, file not named")
    try FileManager.default.removeItem(at: home)
    let replay = try BinaryRun(["snapshot", "--replay", recording])
    #expect(replay.status == 0, "\(replay.errors)")
    #expect(replay.output == before.trimmingTrailingNewlines + "\n", "\(replay.output)\n---\n\(before)")
  }

  @Test("without --record-input a recording keeps what the screen showed, never the keys")
  func recordWithoutInput() throws {
    let recording = path("private.cast")
    let pane = try TmuxPane(arguments: ["--record", recording, "--no-images"], width: 80, height: 24)
    try pane.waitForScreen { $0.contains("60/180 items") }
    try pane.send(literal: "/secret")
    try pane.waitForScreen { $0.contains("secret") }
    try pane.send(keys: ["Escape"])
    try pane.waitForScreen { !$0.contains("/secret") }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }
    let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
    #expect(lines.count > 2)
    #expect(!lines.contains { $0.contains(", \"i\", ") })
  }
}

extension String {
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.last == "\n" { text.removeLast() }
    return text
  }
}
