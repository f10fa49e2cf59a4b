import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The keys the status bar names follow the config file's bindings.
@Suite("Parts: the keys the status bar names")
struct KeyHintsTests {
  @Test("with no bindings of the user's: ? help  q quit, and a chooser's Tab, Enter and Esc")
  func defaults() {
    let keys = KeyHints(customKeys: [:])
    #expect(keys.text(picking: false) == "? help  q quit")
    #expect(keys.text(picking: true) == "Tab mark  Enter pick  ? help  Esc quit")
  }

  @Test("q bound to another action and Q to quit: the bar says Q quit; the too-small screen too")
  func reboundQuit() {
    let keys = KeyHints(customKeys: [.character("q"): .halfPageDown, .character("Q"): .quit])
    #expect(keys.text(picking: false) == "? help  Q quit")
    var screen = Screen(width: 20, height: 4)
    MinimumSize.drawTooSmall(size: GridSize(width: 20, height: 4), glyphs: .ascii, quitKey: keys.quit, into: &screen)
    #expect(screen.text.contains("Q quits"), "\(screen.text)")
  }

  @Test("the options name the keys their bindings leave, once the bindings are set")
  func fromOptions() {
    var options = ViewerOptions()
    #expect(options.keyHints.text(picking: false) == "? help  q quit")
    options.customKeys = [.character("q"): .halfPageDown, .character("Q"): .quit]
    #expect(options.keyHints.quit == "Q")
    options.customKeys = [:]
    #expect(options.keyHints.quit == "q")
  }

  @Test("Tab bound to quit in a chooser: Space marks, and Esc still leaves it")
  func reboundMark() {
    let keys = KeyHints(customKeys: [.tab: .quit])
    #expect(keys.text(picking: true) == "Space mark  Enter pick  ? help  Esc quit")
  }

  @Test("no key left to quit but Ctrl-C, no key for help: the bar says so")
  func nothingLeft() {
    let keys = KeyHints(customKeys: [.character("q"): .pageDown, .character("?"): .pageUp])
    #expect(keys.text(picking: false) == "Ctrl-C quit")
  }
}
