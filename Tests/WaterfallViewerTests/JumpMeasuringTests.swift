import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// The measuring a far jump starts: the status bar says what it is for, Esc drops both, `G` turns it into the end,
/// and a new query drops it.
@Suite("The measuring of a far jump")
struct JumpMeasuringTests {
  /// 1,000 items in pages of 20 behind 100 ms, measured 200 a stretch (five round-trips); #901 is the velvet one.
  static func runner() -> ScriptedRun {
    var options = AppFixture.options(columns: 3)
    options.measuresToEnd = true
    options.measureStretchRows = 200
    var items = AppFixture.items(1_000)
    items[900].title = "velvet"
    let run = AppFixture.runner(
      source: ItemCatalogue(items: items, pageSize: 20), width: 60, height: 20, latency: 100, options: options)
    run.advance(by: 100)
    return run
  }

  static func statusBar(_ run: ScriptedRun) -> String { String(run.screen.text.split(separator: "\n").last ?? "") }

  @Test("while measuring for a match the status bar says so; Esc stops both where the view is")
  func escapeStopsTheJump() {
    let run = Self.runner()
    _ = AppFixture.screen(run, "/ v e l v e t Enter wait:150")
    #expect(Self.statusBar(run).contains("loading to match 1/1…"))
    #expect(run.viewer.measuring != nil)
    _ = AppFixture.screen(run, "Escape")
    #expect(run.viewer.state.notice == "stopped loading to match 1" && run.viewer.measuring == nil)
    run.advance(by: 1_000)
    #expect(run.viewer.store.count == 20 && run.viewer.waterfall.contentOffset == 0, "nothing moved, nothing laid out")
  }

  @Test("G while measuring for :N goes to the end instead")
  func endWins() {
    let run = Self.runner()
    _ = AppFixture.screen(run, ": 5 0 0 Enter wait:150")
    #expect(Self.statusBar(run).contains("going to item #500…"))
    _ = AppFixture.screen(run, "G")
    run.advance(by: 1_000)
    let viewer = run.viewer
    #expect(viewer.state.focusedIndex == 999 && viewer.state.loadingToPlace == nil)
    #expect(Self.statusBar(run).contains("the end: 1000 items"))
  }

  @Test("a sort while measuring for a match drops the measuring; the new order shows from its top")
  func sortDropsTheJump() {
    let run = Self.runner()
    _ = AppFixture.screen(run, "/ v e l v e t Enter wait:150 o")
    run.advance(by: 1_000)
    let viewer = run.viewer
    #expect(viewer.measuring == nil && viewer.store.measuredPages == nil && viewer.store.count == 20)
    #expect(viewer.waterfall.contentOffset == 0 && viewer.state.search?.loadingTo == nil)
    #expect(viewer.state.search?.statusText == "match 1/1")
  }
}
