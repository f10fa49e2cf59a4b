import Testing
import WaterfallKit
import WaterfallViewer

/// A newcomer's smaller findings: Enter on a box scrolled away, `+` past what fits, the tiniest screen.
@Suite("Enter, columns and the tiniest screen")
struct SmallerFixesTests {
  @Test("Enter on a focused box scrolled off the screen scrolls back to it and opens it")
  func enterOnFocusScrolledAway() throws {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "l")
    let focus = try #require(runner.viewer.state.keyboardFocus)
    _ = AppFixture.screen(runner, "PageDown PageDown PageDown")
    let viewer = runner.viewer
    #expect(!viewer.waterfall.layout.frame(of: focus).intersects(viewer.waterfall.viewportRect), "scrolled away")
    _ = AppFixture.screen(runner, "Enter")
    #expect(viewer.state.panel.overlay == .detail(focus))
    #expect(viewer.waterfall.layout.frame(of: focus).intersects(viewer.waterfall.viewportRect), "in view again")
  }

  @Test("+ past the columns that fit says so")
  func plusPastWhatFits() {
    let runner = OrganiseFixture.runner(width: 40)
    let before = runner.viewer.waterfall.columnCount
    let screen = AppFixture.screen(runner, "+ + + + + + + + + + + +")
    #expect(runner.viewer.waterfall.columnCount >= before)
    #expect(screen.contains("columns is the most that fit in"), "\(screen)")
  }

  @Test("the too-small screen keeps its way out, q quits, even at 10×5 and 6×3", arguments: [(10, 5), (6, 3), (23, 7)])
  func tooSmallShowsQuit(width: Int, height: Int) {
    let runner = OrganiseFixture.runner(width: width, height: height)
    let screen = AppFixture.screen(runner, "")
    #expect(width < 10 ? screen.contains("quits") : screen.contains("q quits"), "\(screen)")
    #expect(screen.split(separator: "\n").contains { $0.contains("q") })
  }
}

@Suite("Keys bound by the user")
struct CustomKeyTests {
  @Test("a bound key does its action in the waterfall, and the help lists it and every action's name")
  func boundKeys() {
    var options = AppFixture.options()
    options.customKeys = [.character("x"): .stepDown, .character("j"): .bottom]
    let runner = AppFixture.runner(items: OrganiseFixture.items(), options: options)
    _ = AppFixture.screen(runner, "x")
    #expect(runner.viewer.waterfall.contentOffset == 1, "x scrolls a row")
    _ = AppFixture.screen(runner, "j")
    #expect(runner.viewer.waterfall.contentOffset == runner.viewer.waterfall.maximumOffset, "j goes to the bottom")
    let entries = KeyMap.helpEntries(glyphs: .unicode, customKeys: options.customKeys)
    #expect(entries.contains { $0.keys.hasPrefix("x ") && $0.help == "step-down (your config)" })
    let help = AppFixture.screen(runner, "? G")
    #expect(help.contains("copy-link"), "the names for config.toml, the last one last")
  }

  @Test("action names round-trip and are kebab case", arguments: Action.allCases)
  func names(action: Action) {
    #expect(Action(name: action.name) == action)
    #expect(action.name.allSatisfy { $0.isLowercase || $0 == "-" })
  }
}

@Suite("Without the mouse")
struct MouseOffTests {
  @Test("with the mouse off, a click and the wheel do nothing, whatever sends them (keys, a tape, a replay)")
  func clicksIgnored() {
    var options = AppFixture.options()
    options.mouseEnabled = false
    let runner = AppFixture.runner(items: OrganiseFixture.items(), options: options)
    _ = AppFixture.screen(runner, "click:10,5 wheeldown:10,5")
    #expect(runner.viewer.state.panel.overlay == nil)
    #expect(runner.viewer.waterfall.contentOffset == 0)
    let clicking = AppFixture.runner(items: OrganiseFixture.items())
    _ = AppFixture.screen(clicking, "click:10,5")
    #expect(clicking.viewer.state.panel.overlay != nil, "the same click with the mouse on opens the detail")
  }
}
