import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

@Suite("Event sequences through the app")
struct EventSequenceTests {
  static func runner(items: Int = 60, pageSize: Int = 50, latency: Int = 0, columns: Int? = 3) -> ScriptedRun {
    AppFixture.runner(
      items: AppFixture.items(items), pageSize: pageSize, width: 80, height: 24,
      latency: latency, options: AppFixture.options(columns: columns))
  }

  @Test("j, k, pages, half pages, g and G scroll the view and run the layout pass")
  func scrolling() {
    let runner = Self.runner()
    let view = runner.viewer.waterfall
    let passes = view.statistics.layoutPasses
    runner.apply(try! KeyScript.parse("j j j"))
    #expect(view.contentOffset == 3)
    runner.apply(try! KeyScript.parse("k"))
    #expect(view.contentOffset == 2)
    runner.apply(try! KeyScript.parse("PageDown"))
    #expect(view.contentOffset == 2 + 22)
    runner.apply(try! KeyScript.parse("C-u"))
    #expect(view.contentOffset == 24 - 11)
    runner.apply(try! KeyScript.parse("wheeldown:5,5"))
    #expect(view.contentOffset == 16)
    runner.apply(try! KeyScript.parse("g"))
    #expect(view.contentOffset == 0)
    #expect(view.statistics.layoutPasses > passes + 6)
    #expect(Set(view.visibleCells.keys) == Set(view.layout.items(intersecting: view.bufferedRect)))
  }

  @Test("← → focus the overlapping box in the next column; ↑ ↓ then move within the column")
  func focusMoves() {
    let runner = Self.runner()
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("l"))
    #expect(app.state.keyboardFocus == 0, "first focus goes to the top box")
    runner.apply(try! KeyScript.parse("l"))
    let layout = app.waterfall.layout
    let second = try! #require(app.state.keyboardFocus)
    #expect(layout.column(of: second) == 1)
    #expect(layout.frame(of: second).overlapsRows(layout.frame(of: 0).y, layout.frame(of: 0).maxY))
    runner.apply(try! KeyScript.parse("j"))
    #expect(app.state.keyboardFocus == layout.itemBelow(second))
    runner.apply(try! KeyScript.parse("h"))
    #expect(layout.column(of: app.state.keyboardFocus!) == 0)
    let before = app.waterfall.contentOffset
    runner.apply(try! KeyScript.parse("j j j j j j"))
    #expect(
      app.waterfall.layout.frame(of: app.state.keyboardFocus!).intersects(app.waterfall.viewportRect),
      "the view follows"
    )
    #expect(app.waterfall.contentOffset > before)
    runner.apply(try! KeyScript.parse("Escape j"))
    #expect(app.state.keyboardFocus == nil)
  }

  @Test("Enter selects the focused box and shows its detail; Esc closes it")
  func selectByKey() {
    let runner = Self.runner()
    runner.apply(try! KeyScript.parse("l l Enter"))
    let app = runner.viewer
    #expect(app.waterfall.selectedIndex == app.state.keyboardFocus)
    #expect(app.state.panel.overlay == .detail(app.state.keyboardFocus!))
    #expect(app.renderedScreen().text.contains("Item #\(app.state.keyboardFocus! + 1)"), "in dataset order")
    runner.apply(try! KeyScript.parse("Escape"))
    #expect(app.state.panel.overlay == nil)
    #expect(app.waterfall.selectedIndex != nil, "the selection stays")
  }

  @Test("a click selects the box under the pointer by hit test; a click on a gap or margin selects nothing")
  func clicks() {
    let runner = Self.runner()
    let app = runner.viewer
    let frame = app.waterfall.layout.frame(of: 4)
    let y = frame.y + 1 - app.waterfall.contentOffset
    runner.apply(try! KeyScript.parse("click:\(frame.x + 2),\(y)"))
    #expect(app.waterfall.selectedIndex == 4)
    #expect(app.state.panel.overlay == .detail(4))
    runner.apply(try! KeyScript.parse("Escape"))
    let gapX = app.waterfall.layout.columnX(1) - 1
    runner.apply(try! KeyScript.parse("click:\(gapX),5 click:0,5"))
    #expect(app.waterfall.selectedIndex == 4)
    #expect(app.state.panel.overlay == nil)
  }

  @Test("+ and - change the column count and keep the top box in view; = goes back to automatic")
  func columnChange() {
    let runner = Self.runner(columns: nil)
    let app = runner.viewer
    let automatic = app.waterfall.columnCount
    runner.apply(try! KeyScript.parse("C-d C-d"))
    let anchor = app.waterfall.placeAnchor()!
    runner.apply(try! KeyScript.parse("+"))
    #expect(app.waterfall.columnCount == automatic + 1)
    #expect(app.waterfall.layout.frame(of: anchor).intersects(app.waterfall.viewportRect))
    runner.apply(try! KeyScript.parse("- - -"))
    #expect(app.waterfall.columnCount == automatic - 2)
    runner.apply(try! KeyScript.parse("="))
    #expect(app.waterfall.columnCount == automatic)
  }

  @Test("a resize reflows the columns and keeps the focused box in view")
  func resizeKeepsPlace() {
    let runner = Self.runner(columns: nil)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("C-d C-d C-d l j"))
    let focus = try! #require(app.state.keyboardFocus)
    let columns = app.waterfall.columnCount
    runner.apply(try! KeyScript.parse("resize:40x30"))
    #expect(app.waterfall.columnCount < columns)
    #expect(app.waterfall.layout.frame(of: focus).intersects(app.waterfall.viewportRect))
    runner.apply(try! KeyScript.parse("resize:160x20"))
    #expect(app.waterfall.columnCount > columns)
    #expect(app.waterfall.layout.frame(of: focus).intersects(app.waterfall.viewportRect))
    #expect(app.renderedScreen().width == 160)
  }

  @Test("load-more while scrolling: the footer spins, the user keeps scrolling, new items do not move the view")
  func loadMoreWhileScrolling() {
    let runner = Self.runner(items: 90, pageSize: 30, latency: 1500)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("wait:1500"))
    #expect(app.store.items.count == 30)
    runner.apply(try! KeyScript.parse("G"))
    #expect(app.waterfall.paging.isLoadingMore)
    #expect(app.renderedScreen().text.contains("loading more"))
    runner.apply(try! KeyScript.parse("k k G G G wait:500"))
    #expect(app.store.items.count == 30, "one request in flight, nothing yet")
    let offset = app.waterfall.contentOffset
    runner.apply(try! KeyScript.parse("wait:1000"))
    #expect(app.store.items.count == 60)
    #expect(app.waterfall.contentOffset == offset, "new items appear below without moving the view")
    runner.apply(try! KeyScript.parse("G wait:1500 G wait:1500"))
    #expect(app.store.items.count == 90)
    #expect(app.waterfall.paging.loadMore == .exhausted)
    #expect(app.renderedScreen().text.contains("end of the catalogue"))
  }

  @Test("r refreshes; pulling past the top and resting refreshes too; a late load is dropped")
  func refresh() {
    let runner = Self.runner(items: 90, pageSize: 30, latency: 100)
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("wait:100 G"))
    #expect(app.waterfall.paging.isLoadingMore)
    runner.apply(try! KeyScript.parse("r"))
    #expect(app.waterfall.paging.isRefreshing)
    runner.apply(try! KeyScript.parse("wait:100"))
    #expect(app.store.items.count == 30, "the load-more result that came after the refresh was dropped")
    #expect(Array(app.store.items) == Array(AppFixture.items(30)))
    #expect(app.waterfall.contentOffset == 0)
    runner.apply(try! KeyScript.parse("wheelup:3,3 wheelup:3,3"))
    #expect(app.renderedScreen().line(0).contains("release to refresh"))
    runner.apply(try! KeyScript.parse("wait:400"))
    #expect(app.waterfall.paging.isRefreshing)
    runner.apply(try! KeyScript.parse("wait:100"))
    #expect(!app.waterfall.paging.isRefreshing && app.store.items.count == 30)
  }

  @Test("a failed page shows the retry footer; R and a click on the footer retry")
  func retryAfterFailure() {
    let items = AppFixture.items(20)
    let seed = AppFixture.seed(where: [
      (page: 0, attempt: 0, fails: false), (page: 1, attempt: 0, fails: true), (page: 1, attempt: 1, fails: true),
      (page: 1, attempt: 2, fails: false),
    ])
    let runner = AppFixture.runner(
      items: items, pageSize: 10, width: 60, height: 40, failureRate: 0.5, seed: seed,
      options: AppFixture.options(columns: 3))
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("G"))
    guard case .failed = app.waterfall.paging.loadMore else {
      Issue.record("expected a failed load, got \(app.waterfall.paging.loadMore)")
      return
    }
    runner.apply(try! KeyScript.parse("G G"))
    #expect(app.store.items.count == 10, "no retry by itself")
    runner.apply(try! KeyScript.parse("R"))
    guard case .failed = app.waterfall.paging.loadMore else {
      Issue.record("the second attempt fails too under this seed")
      return
    }
    let footerRow = app.waterfall.layout.footerFrame.y - app.waterfall.contentOffset
    runner.apply(try! KeyScript.parse("click:30,\(footerRow)"))
    #expect(Array(app.store.items) == items)
  }

  @Test("a feed failing half its fetches over 200 pages delivers every item exactly once, in order")
  func flakyFeedThroughTheApp() {
    let items = AppFixture.items(600)
    let runner = AppFixture.runner(
      items: items, pageSize: 3, width: 60, height: 20, latency: 10, failureRate: 0.5, seed: 77,
      options: AppFixture.options(columns: 3))
    let app = runner.viewer
    var steps = 0
    while app.waterfall.paging.loadMore != .exhausted || app.waterfall.itemCount == 0, steps < 20_000 {
      steps += 1
      if case .failed = app.waterfall.paging.loadMore {
        runner.apply(.event(.key(.character("R"))))
      } else if app.waterfall.itemCount == 0, !app.waterfall.paging.isRefreshing, !app.waterfall.paging.isLoadingMore {
        runner.apply(.event(.key(.character("R"))))
      } else {
        runner.apply(.event(.key(.end)))
      }
      runner.apply(.wait(10))
    }
    #expect(Array(app.store.items) == items)
    #expect(app.waterfall.paging.loadMore == .exhausted)
  }

  @Test(
    "the status bar counts the items the dataset reader skipped, even when narrow, and says once that check names them")
  func skippedCount() {
    let catalogue = ItemCatalogue(paging: .size(50))
    catalogue.append(AppFixture.items(4), skipped: 3)
    catalogue.finish()
    let runner = AppFixture.runner(source: catalogue, width: 50, height: 20, options: AppFixture.options(columns: 2))
    let status = runner.viewer.renderedScreen().line(19)
    #expect(status.contains("4 items │ 3 skipped │ waterfall check names them"), "\(status)")
    runner.apply(.event(.key(.character("j"))))
    #expect(!runner.viewer.renderedScreen().line(19).contains("waterfall check"), "said once")
  }

  @Test("a hostile dataset puts no control character on the screen")
  func hostileDataset() {
    var items = AppFixture.items(6)
    items[0].title = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31mred\u{202E}txet"
    items[1].price = "\u{1B}[31m¥1\u{1B}[0m"
    items[2].extraFields = [ExtraField(key: "k\u{1B}[1m", value: "\u{9D}8;;x\u{9C}v")]
    items[2].imageURL = "http://x/\u{1B}[H"
    let runner = AppFixture.runner(items: items, width: 80, height: 30, options: AppFixture.options(columns: 3))
    for keys in ["", "click:30,3", "s", "?"] {
      let text = AppFixture.screen(runner, keys)
      #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
      #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .format })
    }
    #expect(runner.viewer.renderedScreen().text.contains("red"))
  }
}
