import Testing
import WaterfallViewer

@testable import WaterfallTerminal

@Suite("Terminal input decoding")
struct TerminalInputDecoderTests {
  private func decode(_ text: String) -> [InputEvent] {
    var decoder = TerminalInputDecoder()
    return decoder.decode(Array(text.utf8)) + decoder.flush()
  }

  @Test("letters, UTF-8 text and control keys")
  func textAndControls() {
    #expect(decode("j") == [.key(.character("j"))])
    #expect(decode("羊毛") == [.key(.character("羊")), .key(.character("毛"))])
    #expect(decode("\r") == [.key(.enter)])
    #expect(decode("\u{0C}") == [.key(.control("l"))])
    #expect(decode("\u{04}\u{15}") == [.key(.control("d")), .key(.control("u"))])
    #expect(decode("\u{7F}") == [.key(.backspace)])
    #expect(decode("\u{9B}") == [], "a C1 control is never a key")
  }

  @Test(
    "Home and End in every common encoding",
    arguments: [
      ("\u{1B}[1~", Key.home), ("\u{1B}[7~", .home), ("\u{1B}[H", .home), ("\u{1B}OH", .home),
      ("\u{1B}[1;5H", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}[F", .end), ("\u{1B}OF", .end),
    ])
  func homeAndEnd(sequence: String, key: Key) {
    #expect(decode(sequence) == [.key(key)])
  }

  @Test("cursor and page keys in CSI and SS3 form")
  func cursorKeys() {
    #expect(decode("\u{1B}[A\u{1B}OB\u{1B}[C\u{1B}OD") == [.key(.up), .key(.down), .key(.right), .key(.left)])
    #expect(decode("\u{1B}[5~\u{1B}[6~") == [.key(.pageUp), .key(.pageDown)])
  }

  @Test("a lone Esc is the Escape key only once nothing follows it")
  func loneEscape() {
    var decoder = TerminalInputDecoder()
    #expect(decoder.decode([0x1B]).isEmpty)
    #expect(decoder.hasPendingBytes)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(!decoder.hasPendingBytes)
    #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
  }

  @Test("a sequence split across reads is decoded once it is whole")
  func splitAcrossReads() {
    var decoder = TerminalInputDecoder()
    let bytes = Array("\u{1B}[<0;50;10Mé".utf8)
    var events: [InputEvent] = []
    for byte in bytes { events += decoder.decode([byte]) }
    #expect(events == [.mouse(MouseEvent(kind: .press, x: 49, y: 9)), .key(.character("é"))])
  }

  @Test("SGR mouse: a left press, wheel notches; releases and drags mean nothing")
  func sgrMouse() {
    #expect(decode("\u{1B}[<0;50;10M\u{1B}[<0;50;10m") == [.mouse(MouseEvent(kind: .press, x: 49, y: 9))])
    #expect(decode("\u{1B}[<64;3;4M") == [.mouse(MouseEvent(kind: .wheelUp, x: 2, y: 3))])
    #expect(decode("\u{1B}[<65;3;4M") == [.mouse(MouseEvent(kind: .wheelDown, x: 2, y: 3))])
    #expect(decode("\u{1B}[<32;3;4M\u{1B}[<2;3;4M") == [])
  }

  @Test("X10 mouse: a press and its release")
  func x10Mouse() {
    #expect(decode("\u{1B}[M R*\u{1B}[M#R*") == [.mouse(MouseEvent(kind: .press, x: 49, y: 9))])
    #expect(decode("\u{1B}[M`!!") == [.mouse(MouseEvent(kind: .wheelUp, x: 0, y: 0))])
  }

  // The decoder now resumes the search for a string's or a CSI sequence's end where the last read left it; these
  // are the places where that could go wrong: the terminator split across reads, an Esc last in a read, and a
  // string that goes on for many reads.
  @Test(
    "a long terminal answer arriving a few bytes at a time decodes as it does whole",
    arguments: [
      "\u{1B}P>|xterm(" + String(repeating: "9", count: 5000) + ")\u{1B}\\j",
      "\u{1B}_Gi=1;" + String(repeating: "A", count: 5000) + "\u{07}j",
      "\u{1B}_G\u{1B}x\u{1B}" + String(repeating: "B", count: 3000) + "\u{1B}\\j",
      "\u{1B}[" + String(repeating: "1;", count: 3000) + "5~j",
      "\u{1B}[" + String(repeating: "2", count: 3000) + "\u{01}j",
    ])
  func longAnswerInPieces(_ text: String) {
    let bytes = Array(text.utf8)
    let whole = decode(text)
    #expect(whole.last == .key(.character("j")))
    for pieceSize in [1, 2, 3, 7, 4096] {
      var decoder = TerminalInputDecoder()
      let events = decoder.decode(bytes, inPiecesOf: pieceSize)
      #expect(events + decoder.flush() == whole, "pieces of \(pieceSize)")
    }
  }

  @Test("unknown sequences are consumed whole and leave the keys after them alone")
  func unknownSequences() {
    #expect(decode("\u{1B}[I\u{1B}[201~j\u{1B}[99;1Rk") == [.key(.character("j")), .key(.character("k"))])
    #expect(decode("\u{1B}xq") == [.key(.character("q"))], "Alt-x is not bound; q after it still is")
  }
}
