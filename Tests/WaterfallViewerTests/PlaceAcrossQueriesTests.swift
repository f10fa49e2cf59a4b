import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// A sort, a filter or sections keep the item the user was looking at, even when the new answer's first page
/// does not hold it: the source says where it is, pages load through to it (the status bar says so, Esc stops),
/// and it comes back focused at the same row of the view.
@Suite("The place kept across queries")
struct PlaceAcrossQueriesTests {
  /// 60 items in pages of 10, dearest first (¥100 down to ¥41), in three shops taken in turn, odd ones velvet.
  static func items() -> [ShopItem] {
    AppFixture.items(60).enumerated().map { index, item in
      var item = item
      item.price = "¥\(100 - index)"
      item.title = index % 2 == 1 ? "velvet \(index)" : "cotton \(index)"
      return item
    }
  }

  static func runner(latency: Int = 0) -> ScriptedRun {
    AppFixture.runner(items: items(), pageSize: 10, width: 60, height: 24, latency: latency)
  }

  /// The focused item's identity and its top's distance from the top of the view.
  static func focus(_ viewer: Viewer) -> (item: ItemID, row: Int)? {
    guard let index = viewer.state.keyboardFocus, index < viewer.store.count else { return nil }
    return (viewer.store.ids[index], viewer.waterfall.layout.frame(of: index).y - viewer.waterfall.contentOffset)
  }

  /// Loads every page, focuses item `item` (from 0, so `:` is given one more) and returns where it is on screen.
  static func focusItem(_ item: Int, in runner: ScriptedRun) -> (item: ItemID, row: Int) {
    _ = AppFixture.screen(runner, "G G G G G G : \(String(item + 1).map { "\($0)" }.joined(separator: " ")) Enter")
    return try! #require(focus(runner.viewer))
  }

  @Test("after a sort the focused item is on the last page: pages load through to it, at the same row")
  func sortKeepsFocusOnLastPage() {
    let runner = Self.runner(latency: 100)
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "wait:100 : 1 0 Enter")
    let before = try! #require(Self.focus(viewer))
    #expect(before.item == ItemID(9) && before.row > 0)
    // Price, lowest first: item 9 (¥91) is 51st of 60, on the last page.
    let loading = AppFixture.screen(runner, "o wait:100 wait:100")
    #expect(viewer.store.count < 60 && viewer.state.keyboardFocus == nil)
    #expect(loading.contains("loading to the focused item 39%…"), "20 of the 51 items up to it are in")
    let arrived = AppFixture.screen(runner, "wait:100 wait:100 wait:100 wait:100 wait:100")
    #expect(viewer.store.count == 60 && viewer.presentation.query.order == .priceAscending)
    let after = try! #require(Self.focus(viewer))
    #expect(after.item == before.item && after.row == before.row)
    #expect(viewer.store.ids.firstIndex(of: before.item) == 50)
    #expect(viewer.waterfall.selectedIndex == nil && !arrived.contains("sel #"), "focused, not made a selection")
    #expect(!arrived.contains("loading to"))
  }

  @Test("Esc stops loading through to the focused item where the view is")
  func escapeStopsLoadingToPlace() {
    let runner = Self.runner(latency: 100)
    _ = AppFixture.screen(runner, "wait:100 : 1 0 Enter o wait:100 wait:100")
    #expect(runner.viewer.jumps.rankLoader.place != nil)
    _ = AppFixture.screen(runner, "Escape")
    #expect(runner.viewer.state.notice == "stopped loading to the focused item")
    _ = AppFixture.screen(runner, "wait:100 wait:100 wait:100 wait:100")
    #expect(runner.viewer.store.count <= 40, "the load on its way may land; nothing more is asked")
    #expect(runner.viewer.jumps.rankLoader.place == nil && runner.viewer.state.keyboardFocus == nil)
  }

  @Test("a filter that keeps the focused item, beyond its first page: the item comes back at the same row")
  func filterKeepsFocus() {
    let runner = Self.runner()
    let viewer = runner.viewer
    let before = Self.focusItem(41, in: runner)
    // Odd items match: item 41 is the 21st match, on the filter's third page.
    _ = AppFixture.screen(runner, "& v e l v e t Enter")
    #expect(viewer.presentation.query.filter == ItemQuery("velvet"))
    let after = try! #require(Self.focus(viewer))
    #expect(after.item == before.item && after.row == before.row)
    #expect(viewer.store.ids.firstIndex(of: before.item) == 20)
    #expect(viewer.store.items.allSatisfy { $0.title.hasPrefix("velvet") })
  }

  @Test("a filter that leaves the focused item out starts the answer at the top, loading nothing more")
  func filterDropsFocus() {
    let runner = Self.runner()
    let viewer = runner.viewer
    _ = Self.focusItem(40, in: runner)
    _ = AppFixture.screen(runner, "& v e l v e t Enter")
    #expect(viewer.state.keyboardFocus == nil && viewer.jumps.rankLoader.place == nil)
    #expect(viewer.store.count == 10 && viewer.waterfall.contentOffset == 0)
  }

  @Test("sections: the focused item's section is not the first, so pages load through to it")
  func sectionsKeepFocus() {
    let runner = Self.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, ": 5 Enter")
    let before = try! #require(Self.focus(viewer))
    // Shops 0, 1, 2 in turn: item 4 is the second of shop 1, the second section.
    _ = AppFixture.screen(runner, "S")
    #expect(viewer.store.sections.map(\.name) == ["shop 0", "shop 1"])
    let after = try! #require(Self.focus(viewer))
    #expect(after.item == before.item && after.row == before.row)
    #expect(viewer.store.ids.firstIndex(of: before.item) == 21)
  }

  @Test("without a focus a new order shows from its top: the box that was at the top is elsewhere in it")
  func withoutFocusFromTheTop() {
    let runner = Self.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "G G G G G G g C-d C-d C-d")
    #expect(viewer.waterfall.contentOffset > 0 && viewer.state.keyboardFocus == nil)
    _ = AppFixture.screen(runner, "o")
    #expect(viewer.waterfall.contentOffset == 0, "price, lowest first, from its lowest")
    #expect(viewer.state.keyboardFocus == nil)
  }
}

/// `#N` is an item's own number in the catalogue (from 1), whatever the sort or filter: the detail's title, the
/// status bar's selection and `:N` all name the same item.
@Suite("Items named by their own number")
struct ItemNumberTests {
  @Test("after a sort, :N goes to the same item as before it, and its detail says #N")
  func goToAfterSort() {
    let runner = PlaceAcrossQueriesTests.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "o g : 5 8 Enter")
    // Sorted by price, lowest first: item #58 (¥43) is third, and loaded.
    let focus = try! #require(viewer.state.keyboardFocus)
    #expect(focus == 2 && viewer.store.ids[focus] == ItemID(number: 58))
    let detail = AppFixture.screen(runner, "Enter")
    #expect(detail.contains("Item #58") && detail.contains("sel #58") && detail.contains("velvet 57"))
  }

  @Test(":N for an item not loaded yet asks the source where it is and loads through to it")
  func goToUnloaded() {
    let runner = PlaceAcrossQueriesTests.runner(latency: 100)
    let viewer = runner.viewer
    let loading = AppFixture.screen(runner, "wait:100 : 4 5 Enter wait:100")
    #expect(loading.contains("loading to item #45"))
    _ = AppFixture.screen(runner, "wait:100 wait:100 wait:100")
    let focus = try! #require(viewer.state.keyboardFocus)
    #expect(viewer.store.ids[focus] == ItemID(number: 45) && viewer.store.count == 50)
    #expect(viewer.waterfall.layout.frame(of: focus).intersects(viewer.waterfall.viewportRect))
  }

  @Test(":N for an item the filter leaves out, or past the end, says so and moves nothing")
  func goToMissing() {
    let runner = PlaceAcrossQueriesTests.runner()
    let viewer = runner.viewer
    let filtered = AppFixture.screen(runner, "& v e l v e t Enter : 3 Enter")
    #expect(filtered.contains("no item #3 in this result") && viewer.state.keyboardFocus == nil)
    let past = AppFixture.screen(runner, "& Enter : 6 1 Enter")
    #expect(past.contains("no item #61: the catalogue has 60") && viewer.state.keyboardFocus == nil)
    let zero = AppFixture.screen(runner, ": 0 Enter")
    #expect(zero.contains("no item #0: items count from 1"))
  }
}
