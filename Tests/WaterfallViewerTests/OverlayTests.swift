import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

@Suite("Overlays take the keys, scroll, and show every field")
struct OverlayTests {
  static func runner(items: [ShopItem] = AppFixture.items(60), width: Int = 30, height: Int = 12) -> ScriptedRun {
    AppFixture.runner(items: items, width: width, height: height, options: AppFixture.options(columns: 2))
  }

  @Test("keys go to the open detail, not to the view behind it")
  func keysDoNotLeakBehindDetail() {
    let runner = Self.runner(width: 60, height: 20)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("l Enter"))
    let (focus, offset, columns) = (app.state.keyboardFocus, app.waterfall.contentOffset, app.waterfall.columnCount)
    runner.apply(try! KeyScript.parse("j j l h G PageDown + r wheeldown:5,5"))
    #expect(app.state.panel.overlay == .detail(0))
    #expect(app.state.keyboardFocus == focus)
    #expect(app.waterfall.contentOffset == offset)
    #expect(app.waterfall.columnCount == columns)
    #expect(!app.waterfall.paging.isRefreshing)
  }

  @Test("help scrolls when it does not fit, and its border says where it is")
  func helpScrolls() {
    let runner = Self.runner()
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("?"))
    #expect(app.renderedScreen().text.contains("1-5/"))
    #expect(!app.renderedScreen().text.contains("q           quit"))
    #expect(!app.renderedScreen().text.contains("more than fits"))
    runner.apply(try! KeyScript.parse("j Down"))
    #expect(app.state.panel.scroll == 2)
    runner.apply(try! KeyScript.parse("PageUp"))
    #expect(app.state.panel.scroll == 0)
    runner.apply(try! KeyScript.parse("wheeldown:15,5"))
    #expect(app.state.panel.scroll == 3, "the wheel scrolls the overlay")
    #expect(app.waterfall.contentOffset == 0, "and not the view")
    runner.apply(try! KeyScript.parse("End"))
    #expect(app.renderedScreen().text.contains("q           quit"))
    runner.apply(try! KeyScript.parse("j PageDown"))
    #expect(app.renderedScreen().text.contains("q           quit"), "scrolling stops at the end")
  }

  @Test("a long image URL wraps whole in the detail")
  func longURLWraps() {
    var items = AppFixture.items(4)
    let url = "https://img.test/" + (0..<40).map { "segment\($0)" }.joined(separator: "/") + ".jpg"
    items[0].imageURL = url
    // 68 columns: the panel is 64 wide at column 2, its text 60 wide from column 4.
    let runner = Self.runner(items: items, width: 68, height: 40)
    runner.apply(try! KeyScript.parse("l Enter"))
    let screen = runner.viewer.renderedScreen()
    let text = (0..<screen.height).map { String(screen.line($0).dropFirst(4).prefix(60)) }
      .map { $0.replacingOccurrences(of: " ", with: "") }.joined()
    #expect(text.contains(url))
  }

  @Test("Esc and Enter close an overlay; q still quits from one")
  func closeAndQuit() {
    let runner = Self.runner()
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("? Escape"))
    #expect(app.state.panel.overlay == nil)
    runner.apply(try! KeyScript.parse("s Enter"))
    #expect(app.state.panel.overlay == nil)
    runner.apply(try! KeyScript.parse("? s"))
    #expect(app.state.panel.overlay == .statistics, "another overlay's key switches to it")
    runner.apply(try! KeyScript.parse("q"))
    #expect(app.state.isQuitting)
  }

  @Test("on the narrowest screen the help's border shortens \"Esc closes\" to \"Esc\" and shows its position whole")
  func narrowPanelBorder() {
    func bottomBorder(width: Int) -> String {
      let screen = AppFixture.screen(Self.runner(width: width, height: 8), "? j")
      return screen.split(separator: "\n").first { $0.contains("┘") }.map(String.init) ?? "no border"
    }
    let wide = bottomBorder(width: 40)
    #expect(wide.contains(" 2-2/") && wide.contains(" ↑↓ ") && wide.contains(" Esc closes "), "\(wide)")
    let narrow = bottomBorder(width: 24)
    #expect(narrow.contains(" 2-2/") && narrow.contains(" ↑↓ ") && narrow.contains(" Esc "), "\(narrow)")
    #expect(!narrow.contains("closes"), "\(narrow)")
  }

  @Test("snapshot: help scrolled at 30×12")
  func helpScrolledSnapshot() {
    expectSnapshot(AppFixture.styledScreen(Self.runner(), "? j j"), named: "overlay-help-scrolled")
  }
}

@Suite("The key map")
struct KeyMapTests {
  @Test("every key does one thing per mode, and the help lists each binding once")
  func noDuplicates() {
    for bindings in [KeyMap.normal, KeyMap.overlay] {
      let keys = bindings.flatMap(\.keys)
      #expect(keys.count == Set(keys).count, "a key bound twice")
    }
    let help = KeyMap.helpEntries(glyphs: .unicode).map { $0.keys + $0.help }
    #expect(help.count == Set(help).count)
    #expect(help.last?.hasPrefix("q") == true, "quit last")
  }
}
