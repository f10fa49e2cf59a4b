import Pictures
import Testing

@testable import WaterfallTerminal

/// A terminal (and tmux) that answers from a script and notes what it was asked.
private final class ScriptedTerminal: TerminalQuestions {
  var replies = TerminalReplies()
  var tmux: [String: String] = [:]
  var window: CellPixelSize?
  private(set) var asked: [String] = []

  init(replies: TerminalReplies = TerminalReplies(), tmux: [String: String] = [:], window: CellPixelSize? = nil) {
    (self.replies, self.tmux, self.window) = (replies, tmux, window)
  }

  func askTerminal() -> TerminalReplies {
    asked.append("queries")
    return replies
  }

  func askTmux(_ format: String) -> String {
    asked.append(format)
    return tmux[format] ?? ""
  }

  func windowCellPixels() -> CellPixelSize? { window }
}

@Suite("The graphics chooser: answers and options to an adapter")
struct GraphicsChooserTests {
  private let inTmux = ["TMUX": "/tmp/tmux-0/default,1,0"]
  private let kittyTmux = [
    "#{client_termname} #{client_termtype}": "xterm-kitty kitty(0.26.5)", "#{allow-passthrough}": "on",
    "#{pane_left} #{pane_top}": "41 2",
  ]

  private func pixels(
    _ terminal: ScriptedTerminal, _ choice: GraphicsChoice = .auto, inColour: Bool = true,
    environment: [String: String] = [:]
  ) -> GraphicsSetup? {
    GraphicsChooser.pixels(choice, picturesInColour: inColour, environment: environment, asking: terminal)
  }

  @Test("nothing is asked when the pictures are not in colour or --graphics symbols says so: they stay symbols")
  func asksNothing() {
    let terminal = ScriptedTerminal(replies: TerminalReplies(kittyGraphics: true, deviceAttributes: [4]))
    #expect(pixels(terminal, inColour: false) == nil)
    #expect(pixels(terminal, .named(.symbols)) == nil)
    #expect(pixels(terminal, .named(.kitty), inColour: false) == nil)
    #expect(terminal.asked.isEmpty)
  }

  @Test("outside tmux the terminal is asked once, tmux never, and its answers choose the adapter and the cells")
  func asksTheTerminal() {
    let cell = CellPixelSize(width: 9, height: 18)
    let kitty = ScriptedTerminal(replies: TerminalReplies(kittyGraphics: true, cellPixels: cell, deviceAttributes: [4]))
    #expect(pixels(kitty) == GraphicsSetup(graphics: .kitty, cellPixels: cell))
    #expect(kitty.asked == ["queries"])
    let sixel = ScriptedTerminal(replies: TerminalReplies(deviceAttributes: [62, 4]), window: cell)
    #expect(pixels(sixel) == GraphicsSetup(graphics: .sixel, cellPixels: cell), "the window's cell size next")
    #expect(pixels(ScriptedTerminal(replies: TerminalReplies(deviceAttributes: [1]))) == nil, "symbols")
    let iterm = ScriptedTerminal(replies: TerminalReplies(deviceAttributes: [1]))
    #expect(pixels(iterm, environment: ["TERM_PROGRAM": "iTerm.app"])?.graphics == .iterm2)
    #expect(
      pixels(ScriptedTerminal(), .named(.iterm2))?.graphics == .iterm2, "--graphics over a terminal that says nothing")
  }

  @Test("inside tmux tmux is asked (the outer terminal's name, passthrough, the pane's corner), never the terminal")
  func asksTmux() throws {
    let terminal = ScriptedTerminal(replies: TerminalReplies(kittyGraphics: true), tmux: kittyTmux)
    let setup = try #require(pixels(terminal, environment: inTmux))
    #expect(setup.graphics == .kitty && setup.tmuxPane == GraphicsSetup.TmuxPane(x: 41, y: 2))
    #expect(!terminal.asked.contains("queries"))
    #expect(terminal.asked.count == 3)
  }

  @Test("inside tmux: kitty only through passthrough and only in kitty; sixel and iTerm2 never (tmux redraws cells)")
  func tmuxGivesWay() {
    var off = kittyTmux
    off["#{allow-passthrough}"] = "off"
    #expect(pixels(ScriptedTerminal(tmux: off), environment: inTmux) == nil)
    var xterm = kittyTmux
    xterm["#{client_termname} #{client_termtype}"] = "xterm-256color XTerm(390)"
    #expect(pixels(ScriptedTerminal(tmux: xterm), environment: inTmux) == nil)
    #expect(pixels(ScriptedTerminal(tmux: xterm), .named(.kitty), environment: inTmux)?.graphics == .kitty, "asked for")
    #expect(pixels(ScriptedTerminal(tmux: kittyTmux), .named(.sixel), environment: inTmux) == nil)
    #expect(pixels(ScriptedTerminal(tmux: kittyTmux), .named(.iterm2), environment: inTmux) == nil)
  }

  @Test("the order of preference: kitty, iTerm2 itself, sixel, WezTerm's iTerm2, symbols")
  func preference() {
    func auto(_ replies: TerminalReplies, _ environment: [String: String] = [:]) -> GraphicsProtocol {
      GraphicsChooser.detected(replies: replies, environment: environment).graphics
    }
    #expect(auto(TerminalReplies(kittyGraphics: true, deviceAttributes: [4]), ["TERM_PROGRAM": "iTerm.app"]) == .kitty)
    #expect(auto(TerminalReplies(deviceAttributes: [4]), ["TERM_PROGRAM": "iTerm.app"]) == .iterm2)
    #expect(auto(TerminalReplies(version: "WezTerm 20240203", deviceAttributes: [4])) == .sixel)
    #expect(auto(TerminalReplies(version: "WezTerm 20240203", deviceAttributes: [1])) == .iterm2)
    #expect(auto(TerminalReplies(kittyGraphics: true, version: "Konsole 23.08", deviceAttributes: [1])) == .symbols)
    #expect(auto(TerminalReplies(kittyGraphics: false)) == .symbols)
  }

  @Test("each adapter's detection answer")
  func detection() {
    let kitty = TerminalReplies(kittyGraphics: true)
    #expect(KittyAdapter().detect(kitty, environment: [:]) == .answered)
    #expect(KittyAdapter().detect(kitty, environment: ["TERM_PROGRAM": "WezTerm"]) == .no, "a liar by name")
    #expect(KittyAdapter().detect(TerminalReplies(kittyGraphics: false), environment: [:]) == .no)
    #expect(SixelAdapter().detect(TerminalReplies(deviceAttributes: [62, 4, 22]), environment: [:]) == .listed)
    #expect(SixelAdapter().detect(TerminalReplies(deviceAttributes: [62, 22]), environment: [:]) == .no)
    #expect(ITerm2Adapter().detect(TerminalReplies(version: "iTerm2 3.5.0"), environment: [:]) == .ownTerminal)
    #expect(ITerm2Adapter().detect(TerminalReplies(), environment: ["TERM_PROGRAM": "WezTerm"]) == .knownTerminal)
    #expect(ITerm2Adapter().detect(TerminalReplies(version: "XTerm(390)"), environment: [:]) == .no)
    #expect(SymbolsAdapter().detect(TerminalReplies(), environment: [:]) == .fallback)
    #expect(KittyAdapter.isKitty(tmuxClient: "xterm-kitty kitty(0.26.5)"))
    #expect(!KittyAdapter.isKitty(tmuxClient: "xterm-256color XTerm(390)"))
  }

  @Test("every protocol has its adapter under its own name, and --graphics offers each of them and auto")
  func registry() {
    #expect(GraphicsProtocol.allCases.allSatisfy { $0.adapter.graphics == $0 })
    #expect(GraphicsChooser.adapters.map(\.graphics) == GraphicsProtocol.allCases)
    #expect(GraphicsChoice.allCases.map(\.rawValue) == ["auto", "kitty", "sixel", "iterm2", "symbols"])
    #expect(GraphicsChoice.allCases.allSatisfy { GraphicsChoice(rawValue: $0.rawValue) == $0 })
    #expect(GraphicsChoice(rawValue: "pixels") == nil)
  }

  @Test("only kitty's encoding has the drawing thread deflate the pixels")
  func deflating() {
    let cell = CellPixelSize(width: 8, height: 16)
    let deflating = GraphicsProtocol.allCases.filter { GraphicsSetup(graphics: $0, cellPixels: cell).deflatesPixels }
    #expect(deflating == [.kitty])
  }

  @Test("the pane's corner from tmux: two numbers, or nothing")
  func paneCorner() {
    #expect(GraphicsSetup.TmuxPane(corner: "41 2") == GraphicsSetup.TmuxPane(x: 41, y: 2))
    #expect(GraphicsSetup.TmuxPane(corner: "") == nil)
    #expect(GraphicsSetup.TmuxPane(corner: "41") == nil)
    #expect(GraphicsSetup.TmuxPane(corner: "a b") == nil)
  }
}
