import Testing
import WaterfallViewer

@testable import WaterfallTerminal

/// `ESC [ 200 ~` … `ESC [ 201 ~` is one paste event, text only, however the reads split it.
@Suite("Bracketed paste decoding")
struct BracketedPasteDecodingTests {
  private static func pasted(_ text: String) -> String { "\u{1B}[200~" + text + "\u{1B}[201~" }

  private func decode(_ text: String) -> [InputEvent] {
    var decoder = TerminalInputDecoder()
    return decoder.decode(Array(text.utf8)) + decoder.flush()
  }

  @Test("a whole paste is one event: its Enters and letters are text, the keys after it are keys")
  func wholePaste() {
    #expect(decode(Self.pasted("olive coat\r\r") + "j") == [.paste("olive coat  "), .key(.character("j"))])
    #expect(decode(Self.pasted("multi\r\nline q")) == [.paste("multi line q")], "CR LF is one line break")
    #expect(decode("k" + Self.pasted("羊毛 q")) == [.key(.character("k")), .paste("羊毛 q")])
  }

  @Test("control characters and escape sequences in a paste are dropped; tabs and line breaks become spaces")
  func controlsDropped() {
    let controls = "a\tb\u{07}c\u{1B}[31md\ne\u{7F}\u{9B}1m"
    #expect(decode(Self.pasted(controls)) == [.paste("a bcd e")], "C1 CSI 1 m is a sequence too")
    #expect(decode(Self.pasted("x\u{1B}[200~y")) == [.paste("xy")], "a start marker inside is no text")
    #expect(decode(Self.pasted("") + Self.pasted("\u{01}\u{1B}")) == [], "nothing to type: no event")
  }

  @Test(
    "a paste split across reads decodes as it does whole",
    arguments: [1, 2, 3, 5, 6, 7, 4096])
  func splitAcrossReads(pieceSize: Int) {
    let text = "q" + Self.pasted("olive\r\ncoat 羊毛\u{1B}[20x\u{1B}") + "j" + Self.pasted("end")
    let bytes = Array(text.utf8)
    let whole = decode(text)
    #expect(whole == [.key(.character("q")), .paste("olive coat 羊毛"), .key(.character("j")), .paste("end")])
    var decoder = TerminalInputDecoder()
    let events = decoder.decode(bytes, inPiecesOf: pieceSize)
    #expect(events == whole, "no event before the end, then the same events")
    #expect(!decoder.isPasting && !decoder.hasPendingBytes)
  }

  @Test("a paste whose end never comes ends at the flush with its text, and keys work again")
  func unterminated() {
    var decoder = TerminalInputDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~olive\r".utf8)).isEmpty)
    #expect(decoder.isPasting)
    #expect(decoder.decode(Array(" coat\u{1B}[20".utf8)).isEmpty, "half an end marker waits")
    #expect(decoder.flush() == [.paste("olive  coat")])
    #expect(!decoder.isPasting)
    #expect(decoder.decode(Array("q".utf8)) == [.key(.character("q"))])
  }

  @Test("a huge paste keeps a bounded text, is read to its end, and the keys after it still decode")
  func bounded() throws {
    let huge = String(repeating: "wool ", count: 40_000)
    let events = decode(Self.pasted(huge) + "j")
    #expect(events.count == 2)
    guard case .paste(let text) = try #require(events.first) else {
      Issue.record("not a paste: \(events)")
      return
    }
    #expect(text.utf8.count == BracketedPaste.longestKept)
    #expect(huge.hasPrefix(text))
    #expect(events.last == .key(.character("j")))
    let cut = decode(Self.pasted(String(repeating: "a", count: BracketedPaste.longestKept - 1) + "毛"))
    #expect(cut == [.paste(String(repeating: "a", count: BracketedPaste.longestKept - 1))], "no half character")
  }

  @Test("a recording's paste is read back as the same paste")
  func recordingRoundTrip() throws {
    let bytes = try #require(InputEventEncoding.bytes(.paste("silk scarf")))
    #expect(decode(bytes) == [.paste("silk scarf")])
  }
}
