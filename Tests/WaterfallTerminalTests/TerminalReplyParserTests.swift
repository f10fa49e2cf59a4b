import Pictures
import Testing

@testable import WaterfallTerminal

@Suite("Start-up answers from the terminal")
struct TerminalReplyParserTests {
  private let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
  private let version = "\u{1B}P>|kitty(0.26.5)\u{1B}\\"
  private let cellSize = "\u{1B}[6;20;10t"
  private let attributes = "\u{1B}[?62;4;22c"

  private func parse(_ chunks: [String]) -> (TerminalReplies, String) {
    var parser = TerminalReplyParser()
    var typed: [UInt8] = []
    for chunk in chunks { typed += parser.feed(Array(chunk.utf8)) }
    typed += parser.finish()
    return (parser.replies, String(decoding: typed, as: UTF8.self))
  }

  @Test("every answer is read, none of it is input")
  func allAnswers() {
    let (replies, typed) = parse([kittyOK + version + cellSize + attributes])
    #expect(replies.kittyGraphics == true)
    #expect(replies.version == "kitty(0.26.5)")
    #expect(replies.cellPixels == CellPixelSize(width: 10, height: 20))
    #expect(replies.deviceAttributes == [62, 4, 22])
    #expect(replies.sixel && replies.isComplete)
    #expect(typed.isEmpty)
  }

  @Test("answers cut anywhere across reads give the same result")
  func splitAnywhere() {
    let whole = Array((kittyOK + "j" + version + cellSize + "k" + attributes).utf8)
    let expected = parse([String(decoding: whole, as: UTF8.self)])
    for cut in 1..<whole.count {
      let first = String(decoding: whole[..<cut], as: UTF8.self)
      let second = String(decoding: whole[cut...], as: UTF8.self)
      // A cut inside a UTF-8 character cannot happen here: the answers are ASCII.
      let (replies, typed) = parse([first, second])
      #expect(replies == expected.0, "cut at \(cut)")
      #expect(typed == "jk", "cut at \(cut)")
    }
  }

  @Test("keys typed meanwhile are kept in order: letters, arrows, mouse, a lone Esc")
  func keysKept() {
    let (replies, typed) = parse(["q\u{1B}[A", kittyOK, "\u{1B}[<0;5;6M", attributes, "x\u{1B}"])
    #expect(replies.kittyGraphics == true)
    #expect(typed == "q\u{1B}[A\u{1B}[<0;5;6Mx\u{1B}")
  }

  @Test("a terminal without kitty graphics or sixel: an error answer, DA1 without 4, no cell size")
  func plainTerminal() {
    let (replies, typed) = parse(["\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\", "\u{1B}[?1;2c"])
    #expect(replies.kittyGraphics == false)
    #expect(!replies.sixel && replies.isComplete)
    #expect(replies.cellPixels == nil)
    #expect(typed.isEmpty)
  }

  @Test("hostile answers: control characters stripped from the version, absurd sizes ignored, endless strings dropped")
  func hostile() {
    let (replies, typed) = parse([
      "\u{1B}P>|evil\u{07}",  // BEL ends it early
      "\u{1B}P>|bad\u{9B}2J\u{1B}\\", "\u{1B}[6;99999;0t", "\u{1B}_G" + String(repeating: "A", count: 2000),
      "\u{1B}\\z",
    ])
    #expect(replies.version == "bad2J")
    #expect(replies.cellPixels == nil)
    #expect(replies.kittyGraphics == nil)
    #expect(typed == "z")
  }

  @Test("a cut-off answer at the deadline is dropped, never typed")
  func cutOff() {
    let (replies, typed) = parse(["\u{1B}_Gi=31;O"])
    #expect(replies.kittyGraphics == nil)
    #expect(typed.isEmpty)
  }
}

@Suite("Choosing how pictures reach the terminal")
struct GraphicsChoiceTests {
  private let cell = CellPixelSize(width: 9, height: 18)

  private func choose(
    _ replies: TerminalReplies, choice: GraphicsChoice = .auto, environment: [String: String] = [:],
    window: CellPixelSize? = nil, pane: GraphicsSetup.TmuxPane? = nil
  ) -> GraphicsSetup {
    GraphicsChooser.choose(choice, replies: replies, environment: environment, windowCellPixels: window, tmuxPane: pane)
  }

  @Test("kitty first, then sixel, else symbols")
  func order() {
    #expect(choose(TerminalReplies(kittyGraphics: true, deviceAttributes: [4])).graphics == .kitty)
    #expect(choose(TerminalReplies(kittyGraphics: false, deviceAttributes: [1, 4])).graphics == .sixel)
    #expect(choose(TerminalReplies(deviceAttributes: [1, 2])).graphics == .symbols)
    #expect(choose(TerminalReplies()).graphics == .symbols)
  }

  @Test("a terminal that answers the kitty query but does not place as kitty does goes by what it really does")
  func liars() {
    let konsole = TerminalReplies(kittyGraphics: true, version: "Konsole 22.12.3", deviceAttributes: [62, 4])
    #expect(choose(konsole).graphics == .sixel)
    let wezterm = TerminalReplies(kittyGraphics: true, version: "WezTerm 20230712", deviceAttributes: [65])
    #expect(choose(wezterm).graphics == .iterm2)
    #expect(
      choose(TerminalReplies(deviceAttributes: [1]), environment: ["TERM_PROGRAM": "iTerm.app"]).graphics == .iterm2)
  }

  @Test("--graphics overrides what the terminal says")
  func override() {
    #expect(choose(TerminalReplies(kittyGraphics: true), choice: .named(.sixel)).graphics == .sixel)
    #expect(choose(TerminalReplies(kittyGraphics: true), choice: .named(.symbols)).graphics == .symbols)
    #expect(choose(TerminalReplies(), choice: .named(.kitty)).graphics == .kitty)
  }

  @Test("the cell size: the terminal's answer, else TIOCGWINSZ, else a 1:2 guess")
  func cellSize() {
    #expect(choose(TerminalReplies(cellPixels: cell), window: CellPixelSize(width: 7, height: 14)).cellPixels == cell)
    #expect(choose(TerminalReplies(), window: cell).cellPixels == cell)
    #expect(choose(TerminalReplies()).cellPixels == CellPixelSize(width: 8, height: 16))
  }

  @Test("inside tmux: kitty's pixels through passthrough when the pane allows it, else symbols")
  func tmux() {
    let kitty = TerminalReplies(kittyGraphics: true)
    let inside = ["TMUX": "/tmp/tmux-0/default,1,0"]
    let pane = GraphicsSetup.TmuxPane(x: 41, y: 0)
    #expect(choose(kitty, environment: inside).graphics == .symbols)
    let allowed = choose(kitty, environment: inside, pane: pane)
    #expect(allowed.graphics == .kitty && allowed.tmuxPane == pane)
    #expect(choose(kitty, pane: pane).tmuxPane == nil, "not inside tmux")
    let sixel = TerminalReplies(deviceAttributes: [4])
    #expect(choose(sixel, environment: inside, pane: pane).graphics == .symbols, "sixel lives in cells tmux redraws")
  }
}
