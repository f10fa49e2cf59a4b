import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// `G` with sections on: the result is not measured, so every page loads, one after the other, to the end — one
/// press, not one page a press.
@Suite("G with sections")
struct GoToEndWithSectionsTests {
  /// 200 items in pages of 20 behind 100 ms of latency, grouped by shop.
  static func runner() -> ScriptedRun {
    AppFixture.measuringRunner(items: AppFixture.items(200)) { $0.groupBy = .shop }
  }

  static func statusBar(_ run: ScriptedRun) -> String { AppFixture.statusBar(run) }

  @Test("one G loads every page and shows the last item, focused, and says it is the end")
  func onePressLoadsToTheEnd() {
    let run = Self.runner()
    let viewer = run.viewer
    #expect(viewer.store.count == 20 && viewer.presentation.grouping == .shop)
    _ = AppFixture.screen(run, "G")
    #expect(Self.statusBar(run).contains("loading to the end…"), "\(Self.statusBar(run))")
    run.advance(by: 100 * 12)
    #expect(viewer.store.count == 200)
    #expect(viewer.state.keyboardFocus == 199)
    #expect(viewer.waterfall.indicesInViewport.contains(199))
    #expect(Self.statusBar(run).contains("the end: 200 items"), "\(Self.statusBar(run))")
  }

  @Test("Esc stops the loading where the view is and says so; the pages loaded stay")
  func escapeStops() {
    let run = Self.runner()
    _ = AppFixture.screen(run, "G")
    run.advance(by: 250)
    _ = AppFixture.screen(run, "Escape")
    let loaded = run.viewer.store.count
    #expect(loaded > 20 && loaded < 200)
    #expect(Self.statusBar(run).contains("stopped loading to the end"), "\(Self.statusBar(run))")
    run.advance(by: 1_000)
    #expect(run.viewer.store.count <= loaded + 20, "at most the page already asked for")
  }
}
