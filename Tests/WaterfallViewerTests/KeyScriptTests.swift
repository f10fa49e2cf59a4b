import Testing
import WaterfallKit
import WaterfallViewer

@Suite("Snapshot key scripts")
struct KeyScriptTests {
  @Test("every token kind parses")
  func tokens() throws {
    let steps = try KeyScript.parse(
      "j G Enter Escape Space C-d click:3,4 wheelup:0,1 wheeldown:2,2 resize:80x24 wait:1500")
    #expect(
      steps == [
        .event(.key(.character("j"))), .event(.key(.character("G"))), .event(.key(.enter)),
        .event(.key(.escape)), .event(.key(.character(" "))), .event(.key(.control("d"))),
        .event(.mouse(MouseEvent(kind: .press, x: 3, y: 4))), .event(.mouse(MouseEvent(kind: .wheelUp, x: 0, y: 1))),
        .event(.mouse(MouseEvent(kind: .wheelDown, x: 2, y: 2))), .event(.resize(width: 80, height: 24)),
        .wait(1500),
      ])
  }

  @Test(
    "bad tokens are named in the error",
    arguments: [
      "Jump", "click:1", "resize:0x5", "wait:-3", "C-12", "frob:1", "resize:100000x100000", "resize:2001x10",
      "resize:10x1001",
    ])
  func badTokens(_ token: String) {
    #expect(throws: KeyScriptError.self) { try KeyScript.parse("j \(token) k") }
    do {
      _ = try KeyScript.parse("j \(token) k")
    } catch {
      #expect(error.token == token)
      #expect(error.description.contains("\"\(token)\""))
    }
  }

  // Found by the key-script fuzz target (Tests/Fuzz/Corpus/key-script/every-kind): the key script refused
  // `Ctrl-D`, the way the help and Key.label write Ctrl-D.
  @Test("every key's label, as the help writes it, parses back to that key")
  func labelsParse() throws {
    let keys: [Key] =
      [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace]
      + ["j", "G", " ", "/", "中"].map(Key.character) + ["d", "u", "l"].map(Key.control)
    for key in keys {
      #expect(try KeyScript.parse(key.label) == [.event(.key(key))], "\(key.label)")
    }
    #expect(
      try KeyScript.parse("Ctrl-D ctrl-u C-l") == [
        .event(.key(.control("d"))), .event(.key(.control("u"))), .event(.key(.control("l"))),
      ])
  }

  // Found by the key-script fuzz target (Tests/Fuzz/Corpus/key-script/unknown-command-with-control): the reason
  // quoted the command's name unsanitised, so `waterfall snapshot --keys` could print a control sequence.
  @Test(
    "an error message carries no control character, even from a command's name",
    arguments: ["\0:", "\u{1B}]0;x\u{07}:1"])
  func controlCharactersInCommandNames(_ script: String) {
    do {
      _ = try KeyScript.parse(script)
      Issue.record("\(script.debugDescription) parsed")
    } catch {
      #expect(!error.description.unicodeScalars.contains { $0.properties.generalCategory == .control })
      #expect(error.description.contains("unknown command"))
    }
  }

  // Found by the key-script fuzz target (Tests/Fuzz/Corpus/key-script/combining-mark-after-separator): `s`, a
  // vertical tab, U+0355 gave `s` and the mark, but `s`, a space, U+0355 gave `s` alone: the space and the mark are
  // one Character, which the parser took whole for a separator, and the mark was lost without a word.
  @Test(
    "every whitespace separates, even a space that a combining mark follows; the mark is a key of its own",
    arguments: [" ", "\u{0B}", "\t", "\n", "\u{A0}"])
  func combiningMarkAfterSeparator(_ separator: String) throws {
    #expect(
      try KeyScript.parse("s\(separator)\u{0355} j")
        == [.event(.key(.character("s"))), .event(.key(.character("\u{0355}"))), .event(.key(.character("j")))])
  }

  @Test("sizes up to the documented limit are accepted; larger ones are refused with the limit in the message")
  func sizeLimit() throws {
    #expect(try KeyScript.parseSize("2000x1000") == GridSize(width: 2000, height: 1000))
    for text in ["100000x100000", "2001x1", "1x1001", "9223372036854775807x9223372036854775807"] {
      #expect(throws: KeyScriptError.self) { try KeyScript.parseSize(text) }
    }
    do {
      _ = try KeyScript.parseSize("100000x100000")
    } catch {
      #expect(error.reason == "the size must be at most 2000x1000")
    }
  }

  @Test("--every-frame prints the screen after each step, separated by a line of = as wide as the screen")
  func everyFrame() throws {
    let runner = AppFixture.runner(items: AppFixture.items(20), width: 40, height: 10)
    let output = runner.run(try KeyScript.parse("j j k"), everyFrame: true)
    let separator = String(repeating: "=", count: 40)
    let frames = output.components(separatedBy: "\n" + separator + "\n")
    #expect(frames.count == 3)
    #expect(frames.allSatisfy { $0.split(separator: "\n", omittingEmptySubsequences: false).count == 10 })
    #expect(frames[0].contains("row 2/") && frames[1].contains("row 3/") && frames[2].contains("row 2/"))
  }
}
