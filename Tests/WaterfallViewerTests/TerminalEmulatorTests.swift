import Testing

@testable import WaterfallViewer

/// The terminal `waterfall render` reads recordings with: what a VT terminal shows after the bytes.
@Suite("A terminal emulator for recordings")
struct TerminalEmulatorTests {
  private func screen(_ width: Int, _ height: Int, _ bytes: String...) -> Screen {
    var terminal = TerminalEmulator(width: width, height: height)
    for part in bytes { terminal.feed(part) }
    return terminal.screen
  }

  private func lines(_ screen: Screen) -> [String] { (0..<screen.height).map(screen.line) }

  @Test("text wraps only when the next character comes (deferred wrap); DECAWM off overwrites the last column")
  func deferredWrap() {
    #expect(lines(screen(4, 3, "abcd")) == ["abcd", "", ""])
    #expect(lines(screen(4, 3, "abcd\r\nx")) == ["abcd", "x", ""], "CR LF at the edge is one new line, not two")
    #expect(lines(screen(4, 3, "abcdef")) == ["abcd", "ef", ""])
    #expect(lines(screen(4, 3, "\u{1B}[?7labcdef")) == ["abcf", "", ""])
    #expect(lines(screen(4, 2, "a\nb\nc")) == [" b", "  c"], "LF keeps the column and scrolls at the bottom")
  }

  @Test("wide characters take two cells; one that does not fit moves to the next line")
  func wideCharacters() {
    let shown = screen(5, 2, "ab中文")
    #expect(lines(shown) == ["ab中", "文"])
    #expect(shown[2, 0].width == 2 && shown[3, 0].isContinuation && shown[4, 0].character == " ")
    #expect(lines(screen(6, 1, "中文字\u{1B}[1;2Hx")) == [" x文字"], "writing over half of one blanks the other")
    #expect(lines(screen(6, 1, "👍🏽ok")) == ["👍🏽ok"], "a cluster is one character")
  }

  @Test("cursor moves: CUU CUD CUF CUB CUP HVP CHA VPA CNL CPL, clamped to the screen")
  func cursorMoves() {
    let moves =
      "\u{1B}[3;4Ha\u{1B}[2Ab\u{1B}[5Bc\u{1B}[10Dd\u{1B}[3Ce\u{1B}[1;1fA\u{1B}[7GB\u{1B}[3dC\u{1B}[2FD"
      + "\u{1B}[ENx"
    #expect(lines(screen(8, 5, moves)) == ["D   b B", "Nx", "   a   C", "", "d   ec"])
  }

  @Test("erasing: ED, EL, ECH; insert and delete: ICH, DCH, IL, DL")
  func editing() {
    #expect(lines(screen(6, 3, "abcdef\r\nghijkl\r\nmnopqr\u{1B}[2;3H\u{1B}[J")) == ["abcdef", "gh", ""])
    #expect(lines(screen(6, 3, "abcdef\r\nghijkl\r\nmnopqr\u{1B}[2;3H\u{1B}[1J")) == ["", "   jkl", "mnopqr"])
    #expect(lines(screen(6, 1, "abcdef\u{1B}[3G\u{1B}[K")) == ["ab"])
    #expect(lines(screen(6, 1, "abcdef\u{1B}[3G\u{1B}[1K")) == ["   def"])
    #expect(lines(screen(6, 1, "abcdef\u{1B}[2G\u{1B}[2X")) == ["a  def"])
    #expect(lines(screen(6, 1, "abcdef\u{1B}[2G\u{1B}[2@")) == ["a  bcd"])
    #expect(lines(screen(6, 1, "abcdef\u{1B}[2G\u{1B}[2P")) == ["adef"])
    #expect(lines(screen(3, 4, "a\r\nb\r\nc\r\nd\u{1B}[2;1H\u{1B}[L")) == ["a", "", "b", "c"])
    #expect(lines(screen(3, 4, "a\r\nb\r\nc\r\nd\u{1B}[2;1H\u{1B}[2M")) == ["a", "d", "", ""])
  }

  @Test("a scroll region: LF at its bottom and RI at its top scroll it alone; SU and SD too")
  func scrollRegion() {
    let rows = "1\r\n2\r\n3\r\n4\r\n5"
    #expect(lines(screen(3, 5, rows, "\u{1B}[2;4r\u{1B}[4;1H\nx")) == ["1", "3", "4", "x", "5"])
    #expect(lines(screen(3, 5, rows, "\u{1B}[2;4r\u{1B}[2;1H\u{1B}My")) == ["1", "y", "2", "3", "5"])
    #expect(lines(screen(3, 5, rows, "\u{1B}[2;4r\u{1B}[S")) == ["1", "3", "4", "", "5"])
    #expect(lines(screen(3, 5, rows, "\u{1B}[2;4r\u{1B}[2T")) == ["1", "", "", "2", "5"])
    #expect(lines(screen(3, 5, rows, "\u{1B}[2;4r\u{1B}[?6h\u{1B}[1;2Hz")) == ["1", "2z", "3", "4", "5"])
    #expect(lines(screen(3, 3, "a\u{1B}Dn\u{1B}Eb")) == ["a", " n", "b"], "IND and NEL")
  }

  @Test("the alternate screen: 1049 saves the cursor and brings the shell's screen back; 47 and 1047 switch")
  func alternateScreen() {
    let shell = "$ vi\r\n"
    let full = screen(6, 3, shell, "\u{1B}[?1049h\u{1B}[Hfull", "\u{1B}[?1049l", "after")
    #expect(lines(full) == ["$ vi", "after", ""])
    #expect(lines(screen(6, 3, shell, "\u{1B}[?1049hfull")) == ["", "full", ""], "blank, the cursor kept")
    #expect(lines(screen(6, 3, shell, "\u{1B}[?47hx\u{1B}[?47l\u{1B}[?47h")) == ["", "x", ""], "47 keeps it")
    #expect(lines(screen(6, 3, shell, "\u{1B}[?1047hx\u{1B}[?1047l\u{1B}[?1047h")) == ["", "", ""])
  }

  @Test("save and restore: ESC 7 / ESC 8 and CSI s / CSI u keep the place and the style")
  func saveRestore() {
    let shown = screen(6, 2, "\u{1B}[31mab\u{1B}7\u{1B}[0m\u{1B}[2;1Hx\u{1B}8c\u{1B}[s\u{1B}[1;1H\u{1B}[uz")
    #expect(lines(shown) == ["abcz", "x"])
    #expect(shown[2, 0].style.foreground == .red && shown[3, 0].style.foreground == .red)
  }

  @Test("SGR: reset, attributes, 16, 256 and direct colours with ; and : separators")
  func selectGraphicRendition() {
    let shown = screen(
      12, 1,
      "\u{1B}[1;2;3;4;7ma\u{1B}[22;23;24;27mb\u{1B}[91;102mc\u{1B}[38;5;208;48;2;1;2;3md\u{1B}[38:5:99me"
        + "\u{1B}[38:2::10:20:30mf\u{1B}[48:2:40:50:60mg\u{1B}[4:0;39;49mh\u{1B}[4:3mi\u{1B}[mj")
    let styles = (0..<10).map { shown[$0, 0].style }
    #expect(styles[0].attributes == [.bold, .dim, .italic, .underline, .reverse])
    #expect(styles[1].attributes.isEmpty)
    #expect(styles[2].foreground == .palette(9) && styles[2].background == .palette(10))
    #expect(styles[3].foreground == .palette(208) && styles[3].background == .rgb(1, 2, 3))
    #expect(styles[4].foreground == .palette(99))
    #expect(styles[5].foreground == .rgb(10, 20, 30))
    #expect(styles[6].background == .rgb(40, 50, 60))
    #expect(styles[7] == Style(background: .standard))
    #expect(styles[8].attributes == .underline)
    #expect(styles[9] == .plain)
  }

  @Test("DEC line drawing (ESC ( 0) draws boxes; ESC ( B and SI go back to ASCII")
  func lineDrawing() {
    let box = "\u{1B}(0lqqk\r\nx  x\r\nmqqj\u{1B}(B ok"
    #expect(lines(screen(8, 3, box)) == ["┌──┐", "│  │", "└──┘ ok"])
    #expect(lines(screen(8, 1, "\u{1B})0a\u{0E}q\u{0F}q")) == ["a─q"], "G1 by SO")
  }

  @Test("strings and unknown sequences are consumed whole: titles, links, DCS, APC, private modes")
  func consumedSequences() {
    let bytes =
      "\u{1B}]0;title\u{07}a\u{1B}]8;;https://example.test\u{1B}\\b\u{1B}]8;;\u{1B}\\\u{1B}P1$r0m\u{1B}\\c"
      + "\u{1B}_Gf=100;AAAA\u{1B}\\d\u{1B}[?2026h\u{1B}[?2026le\u{1B}[>4;1mf\u{1B}[2 qg\u{1B}[=1uh"
      + "\u{1B}[1\u{18}i\u{1B}[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18;19;20;21;22;23;24;25;26;27;28;29;30;31;32;33m"
      + "j\u{1B}[?25l"
    var terminal = TerminalEmulator(width: 20, height: 1)
    terminal.feed(bytes)
    #expect(terminal.screen.line(0) == "abcdefghij")
    #expect(!terminal.cursorVisible)
  }

  @Test("tabs, REP, backspace, RIS")
  func smallerControls() {
    #expect(lines(screen(20, 1, "a\tb\tc")) == ["a       b       c"])
    #expect(lines(screen(10, 1, "x\u{1B}[3b")) == ["xxxx"])
    #expect(lines(screen(10, 1, "abc\u{08}\u{08}Z")) == ["aZc"])
    #expect(lines(screen(10, 2, "abc\r\ndef\u{1B}c")) == ["", ""])
  }

  @Test("a resize keeps what fits at the top left")
  func resize() {
    var terminal = TerminalEmulator(width: 6, height: 3)
    terminal.feed("abcdef\r\nghi中\r\nxyz")
    terminal.resize(width: 4, height: 2)
    #expect(lines(terminal.screen) == ["abcd", "ghi"])
    terminal.feed("\u{1B}[2;4H!")
    #expect(lines(terminal.screen) == ["abcd", "ghi!"])
  }
}
