import Testing
import WaterfallKit
import WaterfallViewer

@Suite("Keeping one's place through the app")
struct PlaceKeepingEventTests {
  static func runner(items: Int = 120, width: Int = 100, height: Int = 30, columns: Int? = nil) -> ScriptedRun {
    AppFixture.runner(
      items: AppFixture.items(items), width: width, height: height, options: AppFixture.options(columns: columns))
  }

  @Test(
    "a resize keeps the focused box whole in view when it fits",
    arguments: ["60x20", "100x20", "100x24", "130x28", "160x40"])
  func focusedBoxStaysWhole(size: String) {
    // Five columns make boxes short enough to fit the smaller sizes.
    let runner = Self.runner(columns: 5)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("G g l j j j j"))
    let focus = try! #require(app.state.keyboardFocus)
    runner.apply(try! KeyScript.parse("resize:\(size)"))
    let frame = app.waterfall.layout.frame(of: focus)
    let viewport = app.waterfall.viewportRect
    if frame.height <= viewport.height {
      #expect(frame.y >= viewport.y && frame.maxY <= viewport.maxY, "the whole box, not a border row")
    } else {
      #expect(frame.intersects(viewport))
    }
  }

  @Test("Esc lets go of the selection too, and column changes there and back return to the same row")
  func escapeReleasesSelection() {
    let runner = Self.runner()
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("l j j Enter Escape Escape"))
    #expect(app.waterfall.selectedIndex == nil)
    #expect(!app.renderedScreen().text.contains("sel #"))
    let offset = app.waterfall.contentOffset
    runner.apply(try! KeyScript.parse("+ + - ="))
    #expect(app.waterfall.contentOffset == offset)
  }

  @Test("resizing large and back returns to the same place, the bottom included")
  func resizeThereAndBack() {
    let runner = Self.runner(items: 40)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("G"))
    #expect(app.waterfall.contentOffset == app.waterfall.maximumOffset)
    let offset = app.waterfall.contentOffset
    runner.apply(try! KeyScript.parse("resize:300x100 resize:100x30"))
    #expect(app.waterfall.contentOffset == offset)
    runner.apply(try! KeyScript.parse("resize:60x20 resize:100x30"))
    #expect(app.waterfall.contentOffset == offset)
  }
}

extension PlaceKeepingEventTests {
  @Test("+, - and = keep the focused box whole in view when it fits", arguments: ["+", "+ +", "-", "- -", "+ + ="])
  func columnChangesKeepFocus(keys: String) {
    let runner = Self.runner(columns: nil)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("C-d C-d l l j"))
    let focus = try! #require(app.state.keyboardFocus)
    runner.apply(try! KeyScript.parse(keys))
    let frame = app.waterfall.layout.frame(of: focus)
    let viewport = app.waterfall.viewportRect
    if frame.height <= viewport.height {
      #expect(frame.y >= viewport.y && frame.maxY <= viewport.maxY, "keys \(keys)")
    } else {
      #expect(frame.intersects(viewport), "keys \(keys)")
    }
  }
}
