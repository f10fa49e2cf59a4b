import Testing

@testable import WaterfallViewer

@Suite("Tape parser")
struct TapeParserTests {
  private func actions(_ tape: String) throws -> [TapeCommand.Action] {
    try TapeParser.parse(tape).map(\.action)
  }

  private func error(_ tape: String) -> TapeError? {
    do {
      _ = try TapeParser.parse(tape)
      return nil
    } catch {
      return error
    }
  }

  @Test("each command and its arguments")
  func commands() throws {
    let tape = """
      Output demo.txt
      Output "out dir/demo.cast"
      Set Width 100
      Set Height 30
      Set WaitTimeout 2s
      Set WaitPattern /ready/
      Type "hello" "world"
      Type@100ms 'slow'
      Enter
      Escape
      Backspace 2
      Tab
      Space
      Up
      Down 3
      Left
      Right@200ms 2
      PageUp
      PageDown 2
      Home
      End
      Ctrl+D
      Sleep 500ms
      Sleep 2s
      Sleep 0.5
      Sleep 1 s
      Wait
      Wait /items/
      Wait+Screen@10s /a\\/b/
      Wait+Line /x$/
      WaitSettled
      WaitSettled@3s
      Screenshot shot.txt
      Hide
      Show
      Click 10 5
      Wheel Down 3 4
      ScrollUp 2
      Resize 120x40
      """
    let expected: [TapeCommand.Action] = [
      .output(path: "demo.txt"), .output(path: "out dir/demo.cast"), .setWidth(100), .setHeight(30),
      .setWaitTimeout(milliseconds: 2000), .setWaitPattern("ready"),
      .type("hello world", perCharacterMilliseconds: nil), .type("slow", perCharacterMilliseconds: 100),
      .key(.enter, count: 1, perKeyMilliseconds: nil), .key(.escape, count: 1, perKeyMilliseconds: nil),
      .key(.backspace, count: 2, perKeyMilliseconds: nil), .key(.tab, count: 1, perKeyMilliseconds: nil),
      .key(.space, count: 1, perKeyMilliseconds: nil), .key(.up, count: 1, perKeyMilliseconds: nil),
      .key(.down, count: 3, perKeyMilliseconds: nil), .key(.left, count: 1, perKeyMilliseconds: nil),
      .key(.right, count: 2, perKeyMilliseconds: 200), .key(.pageUp, count: 1, perKeyMilliseconds: nil),
      .key(.pageDown, count: 2, perKeyMilliseconds: nil), .key(.home, count: 1, perKeyMilliseconds: nil),
      .key(.end, count: 1, perKeyMilliseconds: nil), .chord(TapeChord([.ctrl], ["D"])),
      .sleep(milliseconds: 500), .sleep(milliseconds: 2000), .sleep(milliseconds: 500), .sleep(milliseconds: 1000),
      .wait(.line, pattern: nil, timeoutMilliseconds: nil), .wait(.line, pattern: "items", timeoutMilliseconds: nil),
      .wait(.screen, pattern: "a\\/b", timeoutMilliseconds: 10_000),
      .wait(.line, pattern: "x$", timeoutMilliseconds: nil),
      .waitSettled(timeoutMilliseconds: nil), .waitSettled(timeoutMilliseconds: 3000),
      .screenshot(path: "shot.txt"), .hide, .show, .click(x: 10, y: 5), .wheel(up: false, x: 3, y: 4, count: 1),
      .wheel(up: true, x: nil, y: nil, count: 2), .resize(width: 120, height: 40),
    ]
    #expect(try actions(tape) == expected)
  }

  @Test(
    "a tape written for VHS parses unchanged: picture settings kept with their values, VHS's window and commands as ignored"
  )
  func vhsTape() throws {
    let tape = """
      # Where should we write the GIF?
      Output demo.gif

      Require waterfall
      Set Shell "bash"
      Set FontSize 32
      Set FontFamily "JetBrains Mono"
      Set Width 1200
      Set Height 600
      Set Theme { "name": "Whimsy", "black": "#535178" }
      Set Padding 20
      Set Margin 10
      Set MarginFill "#674EFF"
      Set WindowBar Colorful
      Set BorderRadius 8
      Set TypingSpeed 75ms
      Set Framerate 30
      Set PlaybackSpeed 1.5
      Set LoopOffset 20%
      Set CursorBlink false
      Env GREETING "hi"

      Hide
      Type "cd ~/shop && clear"
      Enter
      Show

      Type "waterfall --latency 300"  # the viewer
      Sleep 500ms
      Enter
      Sleep 2s
      Type "q"
      """
    let parsed = try actions(tape)
    let ignored = parsed.compactMap { action -> String? in
      if case .ignoredSetting(let name) = action { return name }
      return nil
    }
    #expect(ignored == ["Shell"])
    #expect(parsed.contains(.require(program: "waterfall")) && parsed.contains(.env(name: "GREETING", value: "hi")))
    let pictureSettings = parsed.compactMap { action -> String? in
      if case .pictureSetting(let name, let value) = action { return "\(name)=\(value)" }
      return nil
    }
    #expect(
      pictureSettings == [
        "FontSize=32", "FontFamily=JetBrains Mono", ##"Theme={ "name": "Whimsy", "black": "#535178" }"##, "Padding=20",
        "Margin=10", "MarginFill=#674EFF", "WindowBar=Colorful", "BorderRadius=8", "Framerate=30",
        "PlaybackSpeed=1.5", "LoopOffset=20%", "CursorBlink=false",
      ])
    #expect(parsed.contains(.setTypingSpeed(milliseconds: 75)))
    #expect(parsed.contains(.setWidth(1200)) && parsed.contains(.setHeight(600)))
    #expect(parsed.contains(.type("waterfall --latency 300", perCharacterMilliseconds: nil)))
    #expect(parsed.last == .type("q", perCharacterMilliseconds: nil))
  }

  @Test("commands keep where they are and how they were written")
  func locations() throws {
    let commands = try TapeParser.parse("# comment\n\n  Down@100ms 3\nWait+Screen /x/\nType \"a\"")
    #expect(
      commands.map(\.location) == [
        TapeLocation(line: 3, column: 3), TapeLocation(line: 4, column: 1), TapeLocation(line: 5, column: 1),
      ])
    #expect(commands.map(\.source) == ["Down@100ms 3", "Wait+Screen /x/", "Type \"a\""])
  }

  @Test("a command's source is the text it spans, quotes as written, and reads back the same (found by the fuzzer)")
  func sourceKeepsQuotes() throws {
    let commands = try TapeParser.parse("Type 'say \"hi\"' `it's` Enter")
    #expect(commands.map(\.source) == ["Type 'say \"hi\"' `it's`", "Enter"])
    #expect(try TapeParser.parse(commands[0].source).map(\.action) == [commands[0].action])
  }

  @Test(
    "the viewer's own commands start lines: Type's strings stop before them there, and include them as words elsewhere")
  func viewerCommandsStartLines() throws {
    #expect(
      try actions("Type \"G\"\nWaitSettled\nType \"a\" Home\nClick 1 2") == [
        .type("G", perCharacterMilliseconds: nil), .waitSettled(timeoutMilliseconds: nil),
        .type("a Home", perCharacterMilliseconds: nil), .click(x: 1, y: 2),
      ])
  }

  @Test("commands share a line as VHS reads them; bare words and unclosed quotes are strings, as there")
  func sharedLines() throws {
    #expect(
      try actions("Type \"foo\" Enter\nSleep .3 Tab Sleep .3\nType \"x\" Ctrl+C") == [
        .type("foo", perCharacterMilliseconds: nil), .key(.enter, count: 1, perKeyMilliseconds: nil),
        .sleep(milliseconds: 300), .key(.tab, count: 1, perKeyMilliseconds: nil), .sleep(milliseconds: 300),
        .type("x", perCharacterMilliseconds: nil), .chord(TapeChord([.ctrl], ["C"])),
      ])
    #expect(
      try actions("Type hello\nType \"open\nShift+Tab Alt+Enter Copy \"a b\" Paste\nOutput frames/\nDown 0") == [
        .type("hello", perCharacterMilliseconds: nil), .type("open", perCharacterMilliseconds: nil),
        .chord(TapeChord([.shift], ["Tab"])), .chord(TapeChord([.alt], ["Enter"])), .copy("a b"), .paste,
        .output(path: "frames/"), .key(.down, count: 0, perKeyMilliseconds: nil),
      ])
  }

  @Test(
    "problems name the line and column",
    arguments: [
      ("Down\nFrobnicate 3", 2, 1, "Invalid command: Frobnicate"),
      ("Set Colour red", 1, 5, "Unknown setting: Colour"),
      ("Sleep soon", 1, 1, "Expected time after Sleep"),
      ("Sleep 2h", 1, 8, "Invalid command: h"),
      ("Sleep 5000s", 1, 7, "longer than the longest time"),
      ("Sleep 1.2.3", 1, 7, "expected a time"),
      ("Down three", 1, 6, "Invalid command: three"),
      ("Down 99999999999999999999", 1, 6, "a count is a whole number from 0"),
      ("Down 2.5", 1, 6, "a count is a whole number from 0"),
      ("Wait /(/", 1, 6, "Invalid regular expression"),
      ("Wait+Page /x/", 1, 6, "Wait+ expects Line or Screen"),
      ("Wait@0s /x/", 1, 9, "Wait expects positive duration"),
      ("Ctrl+Shift+C+Alt", 1, 13, "Modifiers must come before other characters"),
      ("Ctrl+1", 1, 6, "Invalid control argument: 1"),
      ("Ctrl", 1, 1, "Expected control character with args"),
      ("Alt+Left", 1, 4, "Expected alt character, got Left"),
      ("Shift", 1, 1, "Expected shift character, got the end of the tape"),
      ("Source other.tape", 1, 8, "File other.tape not found"),
      ("Output frames", 1, 8, "Expected folder with trailing slash"),
      ("Set WindowBar Fancy", 1, 15, "Fancy is not a valid bar style."),
      ("Set CursorBlink yes", 1, 17, "expected boolean value."),
      ("Set MarginFill \"#12\"", 1, 16, "\"#12\" is not a valid color."),
      ("Require", 1, 1, "Require expects one string"),
      ("Env NAME Enter", 1, 10, "Env expects string"),
      ("Click 10", 1, 1, "Click expects X Y"),
      ("Click -1 2", 1, 7, "Click expects X Y"),
      ("Resize 100000x10", 1, 8, "the size must be at most"),
      ("Set Width 0", 1, 11, "expects a whole number of pixels"),
      ("Set Theme {\"name\": 1", 1, 11, "has no closing }"),
      ("  @", 1, 3, "Invalid command: @"),
    ])
  func problems(tape: String, line: Int, column: Int, message: String) throws {
    let problem = try #require(error(tape))
    #expect(problem.location == TapeLocation(line: line, column: column), "\(problem)")
    #expect(problem.message.contains(message), "\(problem)")
  }

  @Test("a problem quoting a control character shows it escaped (found by the tape fuzz target)")
  func controlCharactersEscaped() throws {
    let problem = try #require(error("Type \"a\" \u{1B}[2J"))
    #expect(problem.message == "Invalid command: \\u{1B}", "\(problem)")
    #expect(problem.location == TapeLocation(line: 1, column: 10))
  }

  @Test("durations: units, bare seconds, decimals")
  func durations() {
    #expect(TapeParser.milliseconds("500ms") == 500)
    #expect(TapeParser.milliseconds("2s") == 2000)
    #expect(TapeParser.milliseconds("1m") == 60_000)
    #expect(TapeParser.milliseconds("0.25") == 250)
    #expect(TapeParser.milliseconds(".5s") == 500)
    #expect(TapeParser.milliseconds("1.2.3") == nil)
    #expect(TapeParser.milliseconds("ms") == nil)
    #expect(TapeParser.milliseconds("-1s") == nil)
  }

  @Test("Windows line ends and CR are line breaks")
  func carriageReturns() throws {
    let commands = try TapeParser.parse("Down\r\nUp 2\r\n")
    #expect(
      commands.map(\.action) == [
        .key(.down, count: 1, perKeyMilliseconds: nil), .key(.up, count: 2, perKeyMilliseconds: nil),
      ])
    #expect(commands[1].location.line == 2)
  }

  @Test("a typed shell line runs waterfall when a command word is waterfall or …/waterfall")
  func typedCommandLines() {
    #expect(TypedCommandLine.arguments("waterfall --latency 300 'my shop'") == ["--latency", "300", "my shop"])
    #expect(
      TypedCommandLine.arguments("clear && ./.build/release/waterfall view a\\ b.json; echo done") == ["a b.json"])
    #expect(TypedCommandLine.arguments("cd ~/shop && clear") == nil)
    #expect(TypedCommandLine.arguments("echo waterfall") == nil)
    #expect(TypedCommandLine.arguments("waterfall \"say \\\"hi\\\"\"") == ["say \"hi\""])
  }
}
