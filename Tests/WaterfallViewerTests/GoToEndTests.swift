import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// `G`: the end of the masonry, not of the pages loaded. The source measures the whole result stretch by
/// stretch off the main loop (progress in the status bar, keys live, Esc stops); then every item is laid out
/// as if every page were loaded, and the pages load where the view is.
@Suite("G: the end of the whole result")
struct GoToEndTests {
  static let count = 1_000

  /// 1,000 items in pages of 20 behind 100 ms of latency, measured 200 items a stretch.
  static func runner(source: (any CatalogueSource)? = nil, width: Int = 60) -> ScriptedRun {
    var options = AppFixture.options(columns: 3)
    options.measuresToEnd = true
    options.measureStretchRows = 200
    let items = AppFixture.items(count)
    let run = AppFixture.runner(
      source: source ?? ItemCatalogue(items: items, pageSize: 20), width: width, height: 20, latency: 100,
      options: options)
    run.advance(by: 100)
    return run
  }

  static func press(_ run: ScriptedRun, _ keys: String) { _ = AppFixture.screen(run, keys) }

  static func statusBar(_ run: ScriptedRun) -> String { AppFixture.statusBar(run) }

  @Test("G measures with progress, then shows the last item of the whole result, loaded")
  func reachesTheLastItem() {
    let run = Self.runner()
    #expect(run.viewer.store.count == 20)
    Self.press(run, "G")
    #expect(Self.statusBar(run).contains("measuring to the end 0/?"))
    run.advance(by: 100)
    #expect(Self.statusBar(run).contains("measuring to the end 200/1000"), "\(Self.statusBar(run))")
    run.advance(by: 400)
    #expect(Self.statusBar(run).contains("measuring to the end 1000/1000") == false)
    run.advance(by: 200)
    let viewer = run.viewer
    #expect(viewer.jumps.measurer.measuring == nil)
    #expect(viewer.store.count == Self.count)
    // At the bottom, or as near as shows the last item (the shortest column's last box may end higher up).
    #expect(viewer.waterfall.maximumOffset - viewer.waterfall.contentOffset < 20)
    #expect(viewer.state.keyboardFocus == Self.count - 1)
    #expect(viewer.waterfall.indicesInViewport.contains(Self.count - 1))
    #expect(viewer.store.items.isLoaded(Self.count - 1))
    #expect(run.screen.text.contains("item 999"))
    #expect(Self.statusBar(run).contains("the end: 1000 items"))
    Self.press(run, "G")
    #expect(run.screen.text.contains("end of the catalogue · 1000 items"), "G again: the very bottom")
    // The middle was never loaded: only the pages on screen were fetched.
    #expect(!viewer.store.items.isLoaded(500))
  }

  @Test("the measured layout is the layout of every page loaded, box for box")
  func measuredLayoutIsTheWholeLayout() {
    let measured = Self.runner()
    Self.press(measured, "G")
    measured.advance(by: 1_000)
    // The oracle: the same items through a source that cannot measure, loaded page by page to the end.
    let loaded = Self.runner(source: Unmeasured(ItemCatalogue(items: AppFixture.items(Self.count), pageSize: 20)))
    for _ in 0..<60 {
      Self.press(loaded, "G")
      loaded.advance(by: 100)
    }
    #expect(loaded.viewer.store.count == Self.count)
    let (a, b) = (measured.viewer.waterfall.layout, loaded.viewer.waterfall.layout)
    #expect((0..<Self.count).allSatisfy { a.frame(of: $0) == b.frame(of: $0) })
    #expect(a.contentHeight == b.contentHeight)
  }

  @Test("keys stay live while measuring, and Esc stops it where the view is")
  func escapeStops() {
    let run = Self.runner()
    Self.press(run, "G")
    run.advance(by: 100)
    let offset = run.viewer.waterfall.contentOffset
    Self.press(run, "k k")
    #expect(run.viewer.waterfall.contentOffset == offset - 2, "scrolling works while measuring")
    #expect(run.viewer.jumps.measurer.measuring != nil)
    Self.press(run, "Esc")
    #expect(run.viewer.jumps.measurer.measuring == nil)
    #expect(Self.statusBar(run).contains("stopped measuring at 200 of 1000"))
    run.advance(by: 1_000)
    #expect(run.viewer.store.measuredPages == nil)
    #expect(run.viewer.store.count < Self.count)
  }

  @Test("a new sort while measuring drops the measuring: the items it was for are gone")
  func newQueryCancels() {
    let run = Self.runner()
    Self.press(run, "G")
    run.advance(by: 100)
    Self.press(run, "o")
    #expect(run.viewer.jumps.measurer.measuring == nil)
    run.advance(by: 1_000)
    #expect(run.viewer.store.measuredPages == nil)
  }

  @Test("a source that cannot know its end (a feed) says so, and G follows the end as its pages come, until a key")
  func unmeasurableSaysSo() {
    let run = Self.runner(
      source: Unmeasured(ItemCatalogue(items: AppFixture.items(Self.count), pageSize: 20)), width: 120)
    Self.press(run, "G")
    run.advance(by: 100)
    #expect(
      Self.statusBar(run).contains(
        "a feed does not say where it ends: at the end of the 40 items loaded, more coming (a key stops)"),
      "\(Self.statusBar(run))")
    #expect(run.viewer.store.measuredPages == nil)
    // The view follows the end as pages come, the notice counting them, until a key.
    let waterfall = run.viewer.waterfall
    #expect(waterfall.contentOffset == waterfall.maximumOffset)
    run.advance(by: 300)
    #expect(run.viewer.store.count >= 80 && waterfall.contentOffset == waterfall.maximumOffset)
    #expect(Self.statusBar(run).contains("at the end of the \(run.viewer.store.count) items loaded"))
    Self.press(run, "k")
    let offset = waterfall.contentOffset
    run.advance(by: 300)
    #expect(waterfall.contentOffset == offset, "a key takes the view back: it no longer follows")
  }

  @Test("after G, scrolling back up loads the pages that come into view, and only those")
  func pagesLoadWhereTheViewIs() {
    let run = Self.runner()
    Self.press(run, "G")
    run.advance(by: 1_000)
    let middle = 500
    run.viewer.waterfall.userScroll(toOffset: run.viewer.waterfall.layout.frame(of: middle).y)
    Self.press(run, "k")
    let shown = run.viewer.waterfall.indicesInViewport
    #expect(shown.contains { !run.viewer.store.items.isLoaded($0) }, "not loaded before the fetch comes back")
    run.advance(by: 100)
    #expect(shown.allSatisfy { run.viewer.store.items.isLoaded($0) })
    #expect(run.screen.text.contains("item \(middle)"))
    #expect(!run.viewer.store.items.isLoaded(200))
  }
}

/// A source that cannot know its end, as an HTTP feed cannot.
private struct Unmeasured: CatalogueSource {
  let base: ItemCatalogue
  init(_ base: ItemCatalogue) { self.base = base }
  func fetch(_ request: CataloguePageRequest) -> CatalogueResponse { base.fetch(request) }
  func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
    base.findMatches(of: pattern, in: query)
  }
  func rank(of item: ItemID, in query: CatalogueQuery) -> Int? { nil }
  var progress: ReadingProgress { base.progress }
  var latencyMilliseconds: Int { 0 }
  func measure(_ request: MeasureRequest) -> MeasureResponse {
    .endUnknown(reason: "a feed does not say where it ends")
  }
}

@Suite("Home while G measures")
struct HomeWhileMeasuringTests {
  @Test("g (Home) pressed while G is measuring stays at the top when the measuring is done")
  func homeWins() {
    let run = GoToEndTests.runner()
    GoToEndTests.press(run, "G")
    #expect(run.viewer.jumps.measurer.measuring != nil)
    GoToEndTests.press(run, "g")
    run.advance(by: 1_000)
    let viewer = run.viewer
    #expect(viewer.jumps.measurer.measuring == nil)
    #expect(viewer.store.count == GoToEndTests.count, "the result is laid out whole all the same")
    #expect(viewer.waterfall.contentOffset == 0, "the view stays at the top the user went to")
  }
}
