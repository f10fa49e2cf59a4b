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
    var items = AppFixture.items(1_000)
    items[900].title = "velvet"
    return AppFixture.measuringRunner(items: items)
  }

  static func statusBar(_ run: ScriptedRun) -> String { AppFixture.statusBar(run) }

  @Test("while measuring for a match the status bar says so; Esc stops both where the view is")
  func escapeStopsTheJump() {
    let run = Self.runner()
    _ = AppFixture.screen(run, "/ v e l v e t Enter wait:150")
    #expect(Self.statusBar(run).contains("loading to match 1/1…"))
    #expect(run.viewer.jumps.measurer.measuring != nil)
    _ = AppFixture.screen(run, "Escape")
    #expect(run.viewer.state.notice == "stopped loading to match 1" && run.viewer.jumps.measurer.measuring == nil)
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
    #expect(viewer.state.keyboardFocus == 999 && viewer.jumps.rankLoader.place == nil)
    #expect(Self.statusBar(run).contains("the end: 1000 items"))
  }

  @Test("a sort while measuring for a match drops the measuring; the new order shows from its top")
  func sortDropsTheJump() {
    let run = Self.runner()
    _ = AppFixture.screen(run, "/ v e l v e t Enter wait:150 o")
    run.advance(by: 1_000)
    let viewer = run.viewer
    #expect(viewer.jumps.measurer.measuring == nil && viewer.store.measuredPages == nil && viewer.store.count == 20)
    #expect(viewer.waterfall.contentOffset == 0 && viewer.jumps.rankLoader.match == nil)
    #expect(viewer.searching.search?.statusText(loadingTo: nil, reading: .complete(itemsRead: 0)) == "match 1/1")
  }
}
