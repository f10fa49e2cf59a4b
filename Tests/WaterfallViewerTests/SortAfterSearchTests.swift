import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// A sort, a filter or sections while a search is on: the new order shows from its top (not at the old match,
/// somewhere in the middle of the new order), the search stays with its count for what is shown now, and `n`
/// goes on from the top.
@Suite("Sorting after a search")
struct SortAfterSearchTests {
  /// 60 items, ¥10 to ¥69 in order, in pages of 10; velvet at ranks 2 and 57, the last the cheapest (¥1).
  static func runner(latency: Int = 0) -> ScriptedRun {
    var items = AppFixture.items(60)
    items[59].price = "¥1"
    items[59].title = "the cheapest"
    items[57].title = "unique velvet"
    items[57].price = "¥2"
    items[2].title = "velvet too"
    return AppFixture.runner(items: items, pageSize: 10, width: 60, height: 20, latency: latency)
  }

  @Test("o after / shows the new order from its top, the search still on; n goes to its first match")
  func sortShowsTheTop() throws {
    let run = Self.runner()
    let viewer = run.viewer
    _ = AppFixture.screen(run, "/ v e l v e t Enter n")
    #expect(viewer.store.items[try #require(viewer.state.keyboardFocus)].title == "unique velvet")
    let sorted = AppFixture.screen(run, "o")
    #expect(viewer.waterfall.contentOffset == 0 && viewer.state.keyboardFocus == nil)
    #expect(viewer.store.items.first?.title == "the cheapest")
    #expect(sorted.contains("¥1 ") && !sorted.contains("loading to"))
    #expect(viewer.searching.search?.resultRanks == [1, 4], "¥2 second; ¥12 after ¥1, ¥2, ¥10, ¥11")
    #expect(viewer.searching.search?.statusText(loadingTo: nil, reading: .complete(itemsRead: 0)) == "match 1/2")
    _ = AppFixture.screen(run, "n")
    #expect(viewer.store.items[try #require(viewer.state.keyboardFocus)].title == "unique velvet")
  }

  @Test("a filter after / shows the top, with the search's count for what the filter leaves")
  func filterUpdatesTheCount() {
    let run = Self.runner()
    let viewer = run.viewer
    _ = AppFixture.screen(run, "/ v e l v e t Enter n & u n i q u e Enter")
    #expect(viewer.store.items.map(\.title) == ["unique velvet"])
    #expect(viewer.state.keyboardFocus == nil && viewer.waterfall.contentOffset == 0)
    #expect(
      viewer.searching.search?.resultRanks == [0]
        && viewer.searching.search?.statusText(loadingTo: nil, reading: .complete(itemsRead: 0)) == "match 1/1")
  }

  @Test("sections after / show the first section from its top, the search still on")
  func sectionsShowTheTop() throws {
    let run = Self.runner()
    let viewer = run.viewer
    _ = AppFixture.screen(run, "/ v e l v e t Enter n S")
    #expect(viewer.presentation.query.grouping != nil)
    #expect(viewer.waterfall.contentOffset == 0 && viewer.state.keyboardFocus == nil)
    #expect(viewer.searching.search?.resultRanks?.count == 2 && viewer.jumps.rankLoader.match == nil)
    _ = AppFixture.screen(run, "n")
    let title = try #require(viewer.state.keyboardFocus.map { viewer.store.items[$0].title })
    #expect(title.contains("velvet"))
  }

  @Test("a sort whose first page holds no match loads nothing more until n asks")
  func noLoadingThroughUntilAsked() throws {
    let run = Self.runner(latency: 100)
    let viewer = run.viewer
    _ = AppFixture.screen(run, "wait:100 / t o o Enter wait:100")
    #expect(viewer.store.items[try #require(viewer.state.keyboardFocus)].title == "velvet too")
    // Dearest first: "velvet too" (¥12) is near the end of the new order, far beyond its first page.
    _ = AppFixture.screen(run, "o o wait:100 wait:100 wait:100 wait:100")
    #expect(viewer.store.count == 10 && viewer.waterfall.contentOffset == 0)
    #expect(viewer.jumps.rankLoader.match == nil && viewer.jumps.rankLoader.place == nil)
    #expect(viewer.store.items.first?.price == "¥68")
    _ = AppFixture.screen(run, "n " + Array(repeating: "wait:100", count: 12).joined(separator: " "))
    #expect(viewer.store.items[try #require(viewer.state.keyboardFocus)].title == "velvet too")
  }
}
