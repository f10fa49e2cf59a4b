import Testing

@testable import WaterfallViewer

/// VHS's own parser and lexer tests (charmbracelet/vhs `parser/parser_test.go`, `lexer/lexer_test.go`, and the
/// `examples/fixtures/all.tape` they read), their inputs and what each must give, ported as data: each VHS
/// expectation is written as the command it means here.
@Suite("VHS's parser cases")
struct VHSParserCasesTests {
  private func actions(_ tape: String, readTape: TapeParser.ReadTape? = nil) throws -> [TapeCommand.Action] {
    try TapeParser.parse(tape, readTape: readTape).map(\.action)
  }

  private func key(_ key: TapeKey, _ count: Int = 1, _ speed: Int? = nil) -> TapeCommand.Action {
    .key(key, count: count, perKeyMilliseconds: speed)
  }

  private func chord(_ modifiers: [TapeChord.Modifier], _ keys: String...) -> TapeCommand.Action {
    .chord(TapeChord(modifiers, keys))
  }

  @Test("TestParser")
  func parser() throws {
    let input = """

      Set TypingSpeed 100ms
      Set WaitTimeout 1m
      Set WaitPattern /foo/
      Type "echo 'Hello, World!'"
      Enter
      Backspace@0.1 5
      Backspace@.1 5
      Backspace@1 5
      Backspace@100ms 5
      Delete 2
      Insert 2
      Right 3
      Left 3
      Up@50ms
      Down 2
      ScrollUp 4
      ScrollDown@100ms 2
      Ctrl+C
      Ctrl+L
      Alt+.
      Sleep 100ms
      Sleep 3
      Wait
      Wait+Screen
      Wait@100ms /foobar/
      """
    let expected: [TapeCommand.Action] = [
      .setTypingSpeed(milliseconds: 100), .setWaitTimeout(milliseconds: 60_000), .setWaitPattern("foo"),
      .type("echo 'Hello, World!'", perCharacterMilliseconds: nil), key(.enter),
      key(.backspace, 5, 100), key(.backspace, 5, 100), key(.backspace, 5, 1000), key(.backspace, 5, 100),
      key(.delete, 2), key(.insert, 2), key(.right, 3), key(.left, 3), key(.up, 1, 50), key(.down, 2),
      .wheel(up: true, x: nil, y: nil, count: 4), .wheel(up: false, x: nil, y: nil, count: 2),
      chord([.ctrl], "C"), chord([.ctrl], "L"), chord([.alt], "."),
      .sleep(milliseconds: 100), .sleep(milliseconds: 3000),
      .wait(.line, pattern: nil, timeoutMilliseconds: nil), .wait(.screen, pattern: nil, timeoutMilliseconds: nil),
      .wait(.line, pattern: "foobar", timeoutMilliseconds: 100),
    ]
    #expect(try actions(input) == expected)
  }

  @Test("TestParserErrors: every problem, each at its line and column, and reading goes on after each")
  func parserErrors() {
    let input = """

      Type Enter
      Type "echo 'Hello, World!'" Enter
      Foo
      Sleep Bar
      """
    let (commands, problems) = TapeParser.read(input)
    #expect(
      problems.map(\.description) == [
        "2:6: Type expects string", "4:1: Invalid command: Foo", "5:1: Expected time after Sleep",
        "5:7: Invalid command: Bar",
      ])
    // What VHS reads between them: the Enter after the bad Type, the Type and the Enter sharing line 3.
    #expect(
      commands.map(\.action) == [
        key(.enter), .type("echo 'Hello, World!'", perCharacterMilliseconds: nil), key(.enter),
      ])
  }

  /// `examples/fixtures/all.tape`.
  static let allTape = #"""
    # All Commands

    # Output:
    Output examples/fixtures/all.gif
    Output examples/fixtures/all.mp4
    Output examples/fixtures/all.webm

    # Settings:
    Set Shell "fish"
    Set FontSize 22
    Set FontFamily "DejaVu Sans Mono"
    Set Height 600
    Set Width 1200
    Set LetterSpacing 1
    Set LineHeight 1.2
    Set Theme { "name": "Whimsy", "black": "#535178", "red": "#ef6487", "green": "#5eca89", "yellow": "#fdd877", "blue": "#65aef7", "purple": "#aa7ff0", "cyan": "#43c1be", "white": "#ffffff", "brightBlack": "#535178", "brightRed": "#ef6487", "brightGreen": "#5eca89", "brightYellow": "#fdd877", "brightBlue": "#65aef7", "brightPurple": "#aa7ff0", "brightCyan": "#43c1be", "brightWhite": "#ffffff", "background": "#29283b", "foreground": "#b3b0d6", "selectionBackground": "#3d3c58", "cursorColor": "#b3b0d6" }
    Set Theme "Catppuccin Mocha"
    Set Padding 50
    Set Framerate 60
    Set PlaybackSpeed 2
    Set TypingSpeed .1
    Set LoopOffset 60.4
    Set LoopOffset 20.99%
    Set CursorBlink false

    # Sleep:
    Sleep 1
    Sleep 500ms
    Sleep .5
    Sleep 0.5

    # Type:
    Type@.5 "All"
    Type@500ms "All"
    Type "Double Quote"
    Type '"Single" Quote'
    Type `"Backtick" 'Quote'`

    # Keys:
    Backspace
    Backspace 2
    Backspace@1 3

    Delete
    Delete 2
    Delete@1 3

    Insert
    Insert 2
    Insert@1 3

    Down
    Down 2
    Down@1 3

    PageDown
    PageDown 2
    PageDown@1 3

    ScrollDown
    ScrollDown 2
    ScrollDown@1 3

    Enter
    Enter 2
    Enter@1 3

    Space
    Space 2
    Space@1 3

    Tab
    Tab 2
    Tab@1 3

    Left
    Left 2
    Left@1 3

    Right
    Right 2
    Right@1 3

    Up
    Up 2
    Up@1 3

    PageUp
    PageUp 2
    PageUp@1 3

    ScrollUp
    ScrollUp 2
    ScrollUp@1 3

    Down
    Down 2
    Down@1 3

    # Control:
    Ctrl+C
    Ctrl+L
    Ctrl+R

    # Alt:
    Alt+.
    Alt+L
    Alt+i

    # Display:
    Hide
    Show
    """#

  @Test("TestParseTapeFile: all.tape, every command VHS knows")
  func allCommands() throws {
    let theme =
      ##"{ "name": "Whimsy", "black": "#535178", "red": "#ef6487", "green": "#5eca89", "yellow": "#fdd877", "blue": "#65aef7", "purple": "#aa7ff0", "cyan": "#43c1be", "white": "#ffffff", "brightBlack": "#535178", "brightRed": "#ef6487", "brightGreen": "#5eca89", "brightYellow": "#fdd877", "brightBlue": "#65aef7", "brightPurple": "#aa7ff0", "brightCyan": "#43c1be", "brightWhite": "#ffffff", "background": "#29283b", "foreground": "#b3b0d6", "selectionBackground": "#3d3c58", "cursorColor": "#b3b0d6" }"##
    var expected: [TapeCommand.Action] = [
      .output(path: "examples/fixtures/all.gif"), .output(path: "examples/fixtures/all.mp4"),
      .output(path: "examples/fixtures/all.webm"), .ignoredSetting("Shell"),
      .pictureSetting("FontSize", value: "22"), .pictureSetting("FontFamily", value: "DejaVu Sans Mono"),
      .setHeight(600), .setWidth(1200), .ignoredSetting("LetterSpacing"),
      .pictureSetting("LineHeight", value: "1.2"), .pictureSetting("Theme", value: theme),
      .pictureSetting("Theme", value: "Catppuccin Mocha"), .pictureSetting("Padding", value: "50"),
      .pictureSetting("Framerate", value: "60"), .pictureSetting("PlaybackSpeed", value: "2"),
      .setTypingSpeed(milliseconds: 100), .pictureSetting("LoopOffset", value: "60.4%"),
      .pictureSetting("LoopOffset", value: "20.99%"), .pictureSetting("CursorBlink", value: "false"),
      .sleep(milliseconds: 1000), .sleep(milliseconds: 500), .sleep(milliseconds: 500), .sleep(milliseconds: 500),
      .type("All", perCharacterMilliseconds: 500), .type("All", perCharacterMilliseconds: 500),
      .type("Double Quote", perCharacterMilliseconds: nil), .type(#""Single" Quote"#, perCharacterMilliseconds: nil),
      .type(#""Backtick" 'Quote'"#, perCharacterMilliseconds: nil),
    ]
    let keys: [TapeKey?] = [
      .backspace, .delete, .insert, .down, .pageDown, nil, .enter, .space, .tab, .left, .right, .up, .pageUp, nil,
      .down,
    ]
    for (index, key) in keys.enumerated() {
      for (count, speed) in [(1, nil), (2, nil), (3, 1000)] as [(Int, Int?)] {
        if let key {
          expected.append(self.key(key, count, speed))
        } else {
          // ScrollDown, then ScrollUp: the wheel at the middle of the screen.
          expected.append(.wheel(up: index == 13, x: nil, y: nil, count: count))
        }
      }
    }
    expected += [
      chord([.ctrl], "C"), chord([.ctrl], "L"), chord([.ctrl], "R"), chord([.alt], "."), chord([.alt], "L"),
      chord([.alt], "i"), .hide, .show,
    ]
    #expect(try actions(Self.allTape) == expected)
  }

  @Test(
    "TestParseCtrl",
    arguments: [
      ("Ctrl+Shift+Alt+C", [TapeChord.Modifier.ctrl, .shift, .alt], ["C"]),
      ("Ctrl+Shift+C+Alt", [], []), ("Ctrl+Shift+C+Alt+C", [], []),
      ("Ctrl+Left", [.ctrl], ["Left"]), ("Ctrl+Right", [.ctrl], ["Right"]), ("Ctrl+Up", [.ctrl], ["Up"]),
      ("Ctrl+Down", [.ctrl], ["Down"]), ("Ctrl+Alt+Left", [.ctrl, .alt], ["Left"]),
      ("Ctrl+Alt+Right", [.ctrl, .alt], ["Right"]), ("Ctrl+Alt+Up", [.ctrl, .alt], ["Up"]),
      ("Ctrl+Alt+Down", [.ctrl, .alt], ["Down"]), ("Ctrl+Backspace", [.ctrl], ["Backspace"]),
      ("Ctrl+Space", [.ctrl], ["Space"]),
    ])
  func control(tape: String, modifiers: [TapeChord.Modifier], keys: [String]) {
    let (commands, problems) = TapeParser.read(tape)
    if keys.isEmpty {
      #expect(!problems.isEmpty, "\(tape) is refused: a modifier after a key")
    } else {
      #expect(problems.isEmpty, "\(problems)")
      #expect(commands.map(\.action) == [.chord(TapeChord(modifiers, keys))])
    }
  }

  @Test(
    "TestParseSource",
    arguments: [
      ("Source source.tape", #"Type "echo 'Welcome to VHS!'""#, [String]()),
      ("Source source.tape", nil, ["File source.tape not found"]),
      ("Source source.vhs", #"Type "echo 'Welcome to VHS!'""#, ["Expected file with .tape extension"]),
      ("Source", #"Type "echo 'Welcome to VHS!'""#, ["Expected path after Source"]),
      (
        "Source source.tape", "Type \"echo 'Welcome to VHS!'\"\n\tSource magic.tape\n\tType \"goodbye\"\n",
        ["Nested Source detected"]
      ),
    ] as [(String, String?, [String])])
  func source(tape: String, sourced: String?, messages: [String]) throws {
    let (commands, problems) = TapeParser.read(tape) { path in
      path == "source.tape" || path == "source.vhs" ? sourced : nil
    }
    #expect(problems.map(\.message) == messages)
    if messages.isEmpty {
      #expect(commands.map(\.action) == [.type("echo 'Welcome to VHS!'", perCharacterMilliseconds: nil)])
    }
  }

  @Test(
    "TestParseScreenshot",
    arguments: [
      ("Screenshot step_one_screenshot.jpg", "Expected file with .png extension (or .txt, .ansi)"),
      ("Screenshot", "Expected path after Screenshot"),
    ])
  func screenshot(tape: String, message: String) {
    #expect(TapeParser.read(tape).problems.map(\.message) == [message])
  }

  enum Kind { case keyword, string, number, regex, symbol }

  @Test("TestNextToken: the lexer's tokens, keywords apart from strings")
  func lexer() {
    let input = #"""

      Output examples/out.gif
      Set FontSize 42
      Set Padding 5
      Set CursorBlink false
      Type "echo 'Hello, world!'"
      Enter
      Type@.1 "echo 'Hello, world!'"
      Left 3
      Sleep 1
      Right@100ms 3
      ScrollUp 3
      ScrollDown@100ms 2
      Sleep 500ms
      Ctrl+C
      Enter
      Ctrl+@
      Ctrl+\
      Alt+]
      Shift+[
      Sleep .1
      Sleep 100ms
      Sleep 2
      Wait+Screen@1m /foobar/
      Wait+Screen@1m /foo\/bar/
      Wait+Screen@1m /foo\\/
      Wait+Screen@1m /foo\\\/bar/
      """#
    let expected: [(Kind, String)] = [
      (.keyword, "Output"), (.string, "examples/out.gif"), (.keyword, "Set"), (.keyword, "FontSize"),
      (.number, "42"), (.keyword, "Set"), (.keyword, "Padding"), (.number, "5"), (.keyword, "Set"),
      (.keyword, "CursorBlink"), (.keyword, "false"), (.keyword, "Type"), (.string, "echo 'Hello, world!'"),
      (.keyword, "Enter"), (.keyword, "Type"), (.symbol, "@"), (.number, ".1"), (.string, "echo 'Hello, world!'"),
      (.keyword, "Left"), (.number, "3"), (.keyword, "Sleep"), (.number, "1"), (.keyword, "Right"), (.symbol, "@"),
      (.number, "100"), (.keyword, "ms"), (.number, "3"), (.keyword, "ScrollUp"), (.number, "3"),
      (.keyword, "ScrollDown"), (.symbol, "@"), (.number, "100"), (.keyword, "ms"), (.number, "2"),
      (.keyword, "Sleep"), (.number, "500"), (.keyword, "ms"), (.keyword, "Ctrl"), (.symbol, "+"), (.string, "C"),
      (.keyword, "Enter"), (.keyword, "Ctrl"), (.symbol, "+"), (.symbol, "@"), (.keyword, "Ctrl"), (.symbol, "+"),
      (.symbol, "\\"), (.keyword, "Alt"), (.symbol, "+"), (.symbol, "]"), (.keyword, "Shift"), (.symbol, "+"),
      (.symbol, "["), (.keyword, "Sleep"), (.number, ".1"), (.keyword, "Sleep"), (.number, "100"),
      (.keyword, "ms"), (.keyword, "Sleep"), (.number, "2"), (.keyword, "Wait"), (.symbol, "+"),
      (.string, "Screen"), (.symbol, "@"), (.number, "1"), (.keyword, "m"), (.regex, "foobar"), (.keyword, "Wait"),
      (.symbol, "+"), (.string, "Screen"), (.symbol, "@"), (.number, "1"), (.keyword, "m"), (.regex, "foo\\/bar"),
      (.keyword, "Wait"), (.symbol, "+"), (.string, "Screen"), (.symbol, "@"), (.number, "1"), (.keyword, "m"),
      (.regex, "foo\\\\"), (.keyword, "Wait"), (.symbol, "+"), (.string, "Screen"), (.symbol, "@"),
      (.number, "1"), (.keyword, "m"), (.regex, "foo\\\\\\/bar"),
    ]
    let tokens = TapeLexer.tokens(input)
    #expect(tokens.count == expected.count)
    for (token, (kind, text)) in zip(tokens, expected) {
      let actual: Kind =
        switch token.kind {
        case .number: .number
        case .regex: .regex
        case .symbol: .symbol
        default: token.isString ? .string : .keyword
        }
      #expect(actual == kind && token.text == text, "\(token) should be \(kind) \(text)")
    }
  }
}
