import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

@Suite("Keys typed while the source opens")
struct HeldInputTests {
  static func runner(latency: Int) -> ScriptedRun {
    AppFixture.runner(
      items: AppFixture.items(60), pageSize: 50, width: 80, height: 24, latency: latency,
      options: AppFixture.options(columns: 3))
  }

  @Test("j j j and a search typed before the first page are applied in order once it arrives")
  func keysWaitForTheFirstPage() {
    let runner = Self.runner(latency: 1500)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("j j j"))
    #expect(app.store.items.count == 0, "the first page is still on its way")
    runner.apply(try! KeyScript.parse("wait:1500"))
    #expect(app.store.items.count == 50)
    #expect(app.waterfall.contentOffset == 3, "the three rows typed early were scrolled, not dropped")
  }

  @Test("G typed while a sort is on its way goes to the end of the new order, not of the old one")
  func jumpWaitsForTheNewOrder() {
    let runner = Self.runner(latency: 800)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("wait:1000 o G"))
    #expect(app.pendingQuery != nil, "the sort is still on its way")
    runner.apply(try! KeyScript.parse("wait:5000"))
    #expect(app.pendingQuery == nil)
    #expect(app.presentation.sort != .dataset, "sorted")
    #expect(app.waterfall.maximumOffset > 0)
    #expect(app.waterfall.contentOffset == app.waterfall.maximumOffset, "at the end of the sorted result")
  }

  @Test("the keys are applied in the order typed, a prompt's text included")
  func orderKept() {
    let runner = Self.runner(latency: 800)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("l j / i t e m Space 1 2"))
    runner.apply(try! KeyScript.parse("wait:800"))
    #expect(app.state.promptLine.prompt?.text == "item 12", "the prompt opened by / took the letters typed after it")
    #expect(app.state.keyboardFocus != nil, "l focused a box before the prompt opened")
  }

  @Test("q quits at once while the source opens; a resize applies at once")
  func quitAndResizeAreNotHeld() {
    let runner = Self.runner(latency: 5000)
    runner.apply(try! KeyScript.parse("resize:100x30"))
    #expect(runner.viewer.state.screenSize == GridSize(width: 100, height: 30))
    runner.apply(try! KeyScript.parse("j q"))
    #expect(runner.viewer.state.isQuitting)
    #expect(runner.viewer.store.items.count == 0)
  }

  @Test("with no latency the keys act at once, as before")
  func noLatency() {
    let runner = Self.runner(latency: 0)
    runner.apply(try! KeyScript.parse("j j"))
    #expect(runner.viewer.waterfall.contentOffset == 2)
  }
}

@Suite("The cursor follows the focus")
struct CursorPlacementTests {
  @Test("on the focused box's title, on an open panel's title, at the prompt's end, else on the status line")
  func cursorRestsOnTheFocus() throws {
    let runner = AppFixture.runner(
      items: AppFixture.items(60), width: 80, height: 24, options: AppFixture.options(columns: 3))
    let viewer = runner.viewer
    var screen = viewer.renderedScreen()
    #expect(screen.cursorRow == 23 && screen.cursorColumn == 0, "no focus: the status line")
    _ = AppFixture.screen(runner, "l")
    screen = viewer.renderedScreen()
    let focused = try #require(viewer.state.keyboardFocus)
    let frame = viewer.waterfall.layout.frame(of: focused)
    #expect(screen.cursorColumn == frame.x + 1)
    let title = viewer.store.items[focused].title
    let row = (screen.cursorColumn..<80).map { screen[$0, screen.cursorRow].character.map(String.init) ?? " " }
    #expect(row.joined().hasPrefix(String(title.prefix(6))), "the cursor's row starts with the title: \(row.joined())")
    _ = AppFixture.screen(runner, "Enter")
    screen = viewer.renderedScreen()
    let line = (0..<80).map { screen[$0, screen.cursorRow].character.map(String.init) ?? " " }.joined()
    #expect(line.contains("Item #"), "the detail panel's title: \(line)")
    _ = AppFixture.screen(runner, "Escape / a b")
    screen = viewer.renderedScreen()
    #expect(screen.cursorRow == 23 && screen.cursorColumn > 2, "the prompt's end")
  }
}
