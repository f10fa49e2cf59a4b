import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// Any item is one jump away: `/` to a far match, `n`, `:N` and the place kept after a sort measure the whole
/// result (every item's shape, off the main loop) and lay it out once, then load only the pages on screen,
/// instead of a page round-trip for every page before the rank. On the simulated clock: the jump's cost is in
/// round-trips, not in time on this machine.
@Suite("Far jumps over 10^6 items")
struct FarJumpTests {
  static let count = 1_000_000
  static let latency = 100
  /// Ranks of the velvet items: 19 of them, 50,000 apart, all far beyond the first page.
  static let velvetRanks = (1...19).map { 50_000 * $0 + 7 }
  /// 10^6 items in pages of 50 (`item N`, ¥(10 + N)); the last one is the only zyzzyva.
  static let catalogue: ItemCatalogue = {
    var items = AppFixture.items(count)
    items[count - 1].title = "zyzzyva"
    for (ordinal, rank) in velvetRanks.enumerated() { items[rank].title = "velvet \(ordinal + 1)" }
    return ItemCatalogue(items: items, pageSize: 50)
  }()

  /// Behind 100 ms of latency for every page and every stretch measured (65,536 items each).
  static func runner() -> ScriptedRun {
    var options = AppFixture.options(columns: 3)
    options.measuresToEnd = true
    let run = AppFixture.runner(source: catalogue, width: 60, height: 20, latency: latency, options: options)
    run.advance(by: latency)
    return run
  }

  /// Types `keys`, then lets simulated time pass until `done` holds, at most `deadline` ms. Returns the time taken.
  static func jump(_ run: ScriptedRun, _ keys: String, deadline: Int = 60_000, until done: (Viewer) -> Bool) -> Int {
    _ = AppFixture.screen(run, keys)
    var waited = 0
    while !done(run.viewer), waited < deadline {
      run.advance(by: ScriptedRun.tickMilliseconds)
      waited += ScriptedRun.tickMilliseconds
    }
    return waited
  }

  /// The stretches measuring 10^6 items takes, a round-trip each, and two more for the pages on screen.
  static let jumpRoundTrips = (count + 65_535) / 65_536 + 2

  static func focusedItem(_ viewer: Viewer) -> ShopItem? {
    guard let focus = viewer.state.keyboardFocus, viewer.store.items.isLoaded(focus) else { return nil }
    return viewer.store.items[focus]
  }

  static func isOnScreen(_ viewer: Viewer, _ index: Int) -> Bool {
    viewer.waterfall.layout.frame(of: index).intersects(viewer.waterfall.viewportRect)
  }

  @Test("/ to a match on the last of 10^6 items: measured and laid out once, only the pages on screen loaded")
  func searchReachesTheLastItem() {
    let run = Self.runner()
    let waited = Self.jump(run, "/ z y z z y v a Enter") { Self.focusedItem($0)?.title == "zyzzyva" }
    let viewer = run.viewer
    #expect(Self.focusedItem(viewer)?.title == "zyzzyva")
    #expect(waited <= Self.jumpRoundTrips * Self.latency, "page by page it would be 20,000 round-trips")
    #expect(Self.isOnScreen(viewer, Self.count - 1))
    #expect(viewer.store.loadedRunCount == 50, "the pages before it were never loaded")
    #expect(!viewer.store.items.isLoaded(Self.count / 2))
    #expect(run.screen.text.contains("zyzzyva") && run.screen.text.contains("match 1/1"))
  }

  @Test(":500000 goes to item #500000 of 10^6 in one measuring, the middle never paged through")
  func goToItemInTheMiddle() {
    let run = Self.runner()
    let keys = ": 5 0 0 0 0 0 Enter"
    let going = AppFixture.screen(run, keys + " wait:\(Self.latency)")
    #expect(going.contains("going to item #500000…") && run.viewer.jumps.measurer.measuring != nil)
    let waited = Self.jump(run, "") { Self.focusedItem($0)?.title == "item 499999" }
    let viewer = run.viewer
    #expect(Self.focusedItem(viewer)?.title == "item 499999")
    #expect(waited <= Self.jumpRoundTrips * Self.latency)
    #expect(Self.isOnScreen(viewer, 499_999) && viewer.store.loadedRunCount == 50)
    #expect(run.screen.text.contains("item 499999"))
  }

  @Test("n and N walk far matches of a measured result without loading through, each only its own page")
  func nextAndPreviousJump() {
    let run = Self.runner()
    _ = Self.jump(run, "/ v e l v e t Enter") { Self.focusedItem($0)?.title == "velvet 1" }
    let viewer = run.viewer
    #expect(Self.focusedItem(viewer)?.title == "velvet 1")
    #expect(viewer.searching.search?.resultRanks == Self.velvetRanks)
    for ordinal in 2...19 {
      let waited = Self.jump(run, "n", deadline: 10 * Self.latency) {
        Self.focusedItem($0)?.title == "velvet \(ordinal)"
      }
      #expect(Self.focusedItem(viewer)?.title == "velvet \(ordinal)")
      #expect(waited <= 2 * Self.latency, "one page, where the match is")
      #expect(Self.isOnScreen(viewer, Self.velvetRanks[ordinal - 1]))
    }
    #expect(run.screen.text.contains("match 19/19"))
    _ = Self.jump(run, "N", deadline: 10 * Self.latency) { Self.focusedItem($0)?.title == "velvet 18" }
    #expect(Self.focusedItem(viewer)?.title == "velvet 18")
    #expect(viewer.store.loadedRunCount == 50 && !viewer.store.items.isLoaded(Self.count / 2 + 1_000))
  }

  @Test("a sort keeps the focused far item at its row, by one measuring of the new order")
  func sortKeepsAFarPlace() {
    let run = Self.runner()
    _ = Self.jump(run, ": 5 0 0 0 0 0 Enter") { Self.focusedItem($0)?.title == "item 499999" }
    let viewer = run.viewer
    let row = viewer.waterfall.layout.frame(of: viewer.state.keyboardFocus!).y - viewer.waterfall.contentOffset
    // Dearest first: item #500000 (¥500009) is at rank 500,000 of the new order.
    let waited = Self.jump(run, "o o") {
      $0.presentation.query.order == .priceDescending && Self.focusedItem($0)?.title == "item 499999"
    }
    // Two first pages (the first sort's answer is overtaken by the second's) before the measuring.
    #expect(waited <= (Self.jumpRoundTrips + 2) * Self.latency)
    let focus = try! #require(viewer.state.keyboardFocus)
    #expect(focus == 500_000 && viewer.store.ids[focus] == ItemID(number: 500_000))
    #expect(viewer.waterfall.layout.frame(of: focus).y - viewer.waterfall.contentOffset == row)
    #expect(viewer.store.loadedRunCount == 50)
  }
}

/// A source that cannot know its end (an HTTP feed): a jump loads page by page, says so, and Esc stops it.
@Suite("Far jumps where the result cannot be measured")
struct UnmeasuredJumpTests {
  struct Feedlike: CatalogueSource {
    let base: ItemCatalogue
    func fetch(_ request: CataloguePageRequest) -> CatalogueResponse { base.fetch(request) }
    func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
      base.findMatches(of: pattern, in: query)
    }
    func rank(of item: ItemID, in query: CatalogueQuery) -> Int? { base.rank(of: item, in: query) }
    var progress: ReadingProgress { base.progress }
    var latencyMilliseconds: Int { 0 }
    func measure(_ request: MeasureRequest) -> MeasureResponse { .endUnknown(reason: "a feed does not say") }
  }

  static func runner() -> ScriptedRun {
    var options = AppFixture.options(columns: 3)
    options.measuresToEnd = true
    var items = AppFixture.items(60)
    items[57].title = "unique velvet"
    let source = Feedlike(base: ItemCatalogue(items: items, pageSize: 10))
    return AppFixture.runner(source: source, width: 60, height: 20, latency: 100, options: options)
  }

  @Test("/ to a match beyond the loaded pages loads through to it, the status bar saying so")
  func loadsThrough() {
    let run = Self.runner()
    let loading = AppFixture.screen(run, "wait:100 / v e l v e t Enter wait:100 wait:100")
    #expect(loading.contains("loading to match 1/1…"))
    _ = AppFixture.screen(run, Array(repeating: "wait:100", count: 10).joined(separator: " "))
    let viewer = run.viewer
    #expect(viewer.store.count == 60 && viewer.store.measuredPages == nil)
    #expect(FarJumpTests.focusedItem(viewer)?.title == "unique velvet")
  }

  @Test("Esc stops loading through where the view is")
  func escapeStops() {
    let run = Self.runner()
    _ = AppFixture.screen(run, "wait:100 / v e l v e t Enter wait:100 wait:100 Escape")
    #expect(run.viewer.state.notice == "stopped loading to match 1")
    let count = run.viewer.store.count
    _ = AppFixture.screen(run, "wait:100 wait:100 wait:100 wait:100")
    #expect(run.viewer.store.count <= count + 10 && run.viewer.jumps.rankLoader.match == nil)
  }
}
