import Foundation
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// Sort, filter, sections and search answer for the whole catalogue, not for the pages loaded so far: the
/// viewer asks the source, which pages through the query's result.
@Suite("Whole-catalogue answers")
struct WholeCatalogueTests {
  /// 60 items, ¥10 to ¥69 in order, in pages of 10; the last one is the cheapest and says so.
  static func items() -> [ShopItem] {
    var items = AppFixture.items(60)
    items[59].price = "¥1"
    items[59].title = "the cheapest"
    items[57].title = "unique velvet"
    return items
  }

  static func runner(latency: Int = 0, width: Int = 60, height: Int = 20) -> ScriptedRun {
    AppFixture.runner(items: items(), pageSize: 10, width: width, height: height, latency: latency)
  }

  @Test("sort by price: the catalogue's cheapest item comes first though its page was never loaded")
  func sortFindsCheapest() {
    let runner = Self.runner()
    #expect(runner.viewer.store.count == 10)
    let screen = AppFixture.screen(runner, "o")
    #expect(runner.viewer.store.items.first?.title == "the cheapest")
    #expect(runner.viewer.store.count == 10, "one page of the sorted result, not the whole catalogue")
    #expect(screen.contains("¥1 "))
    _ = AppFixture.screen(runner, "G G G G G G")
    let prices = runner.viewer.store.items.compactMap { PriceValue.parse($0.price) }
    #expect(prices.count == 60 && prices == prices.sorted())
  }

  @Test("a filter whose only match is on the last page shows it, and counts the whole catalogue")
  func filterFindsLastPage() {
    let runner = Self.runner()
    let screen = AppFixture.screen(runner, "& v e l v e t Enter")
    #expect(runner.viewer.store.items.map(\.title) == ["unique velvet"])
    #expect(screen.contains("1/60 shown"))
    #expect(runner.viewer.state.notice == "1 of 60 items match velvet")
  }

  @Test("/ reaches a match not loaded yet: pages load through to it, the status bar says so")
  func searchLoadsThrough() {
    let runner = Self.runner(latency: 100)
    _ = AppFixture.screen(runner, "wait:100")
    let loading = AppFixture.screen(runner, "/ v e l v e t Enter wait:100")
    #expect(loading.contains("loading to match 1/1…"))
    #expect(runner.viewer.store.count == 20)
    let found = AppFixture.screen(runner, "wait:100 wait:100 wait:100 wait:100")
    let viewer = runner.viewer
    #expect(viewer.store.count == 60)
    let focus = try! #require(viewer.state.keyboardFocus)
    #expect(viewer.store.items[focus].title == "unique velvet")
    #expect(viewer.waterfall.layout.frame(of: focus).intersects(viewer.waterfall.viewportRect))
    #expect(found.contains("match 1/1") && !found.contains("loading to"))
  }

  @Test("Esc stops loading through to a match where the view is")
  func escapeStopsLoadingThrough() {
    let runner = Self.runner(latency: 100)
    _ = AppFixture.screen(runner, "wait:100 / v e l v e t Enter wait:100")
    _ = AppFixture.screen(runner, "Escape")
    #expect(runner.viewer.state.notice == "stopped loading to match 1")
    _ = AppFixture.screen(runner, "wait:100 wait:100 wait:100")
    #expect(runner.viewer.store.count <= 30, "the load on its way may land; nothing more is asked")
    #expect(runner.viewer.jumps.rankLoader.match == nil)
  }

  @Test("n past the last loaded match loads on to the next match in the result")
  func nextLoadsOn() {
    var items = Self.items()
    items[2].title = "velvet too"
    let runner = AppFixture.runner(items: items, pageSize: 10, width: 60, height: 20)
    _ = AppFixture.screen(runner, "/ v e l v e t Enter")
    #expect(runner.viewer.searching.search?.statusText(loadingTo: nil, reading: .complete(itemsRead: 0)) == "match 1/2")
    _ = AppFixture.screen(runner, "n")
    let focus = try! #require(runner.viewer.state.keyboardFocus)
    #expect(runner.viewer.store.items[focus].title == "unique velvet")
    #expect(runner.viewer.searching.search?.statusText(loadingTo: nil, reading: .complete(itemsRead: 0)) == "match 2/2")
  }

  @Test("sort and sections while pages arrive: each page continues the sorted, grouped result")
  func sortAndSectionsWhilePagesArrive() {
    let runner = Self.runner(latency: 100, height: 40)
    let viewer = runner.viewer
    // The first page is in; the next is on its way when the sort is asked for.
    _ = AppFixture.screen(runner, "wait:100 G")
    #expect(viewer.waterfall.paging.isLoadingMore)
    _ = AppFixture.screen(runner, "o wait:100")
    #expect(viewer.store.items.first?.title == "the cheapest" && viewer.store.count == 10)
    _ = AppFixture.screen(runner, "G wait:100")
    let allSorted = Self.items().sorted { PriceValue.parse($0.price)! < PriceValue.parse($1.price)! }
    #expect(Array(viewer.store.items) == Array(allSorted.prefix(viewer.store.count)) && viewer.store.count == 20)
    let grouped = AppFixture.screen(runner, "S wait:100")
    #expect(viewer.store.count == 10)
    #expect(viewer.store.sections.map(\.name) == ["shop 2"] && viewer.store.sections[0].totalCount == 20)
    #expect(grouped.contains("shop 2 · 20 items"), "the section counts the whole result, not the loaded page")
    _ = AppFixture.screen(runner, "G wait:100 G wait:100 G wait:100 G wait:100 G wait:100")
    #expect(viewer.store.sections.map(\.name) == ["shop 2", "shop 0", "shop 1"])
    #expect(viewer.store.sections.map(\.count) == [20, 20, 20] && viewer.store.count == 60)
  }

  @Test("input is handled while a query is on its way (on the simulated clock): the view stays live")
  func inputWhileQueryRuns() {
    let runner = Self.runner(latency: 1000, width: 100)
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "wait:1000")
    let asking = AppFixture.screen(runner, "o")
    #expect(viewer.pendingQuery != nil && asking.contains("sorting by price, lowest first…"))
    _ = AppFixture.screen(runner, "j l")
    #expect(viewer.state.keyboardFocus != nil, "keys moved the focus meanwhile")
    _ = AppFixture.screen(runner, "?")
    #expect(viewer.state.panel.overlay == .help)
    _ = AppFixture.screen(runner, "Escape wait:1000")
    #expect(viewer.pendingQuery == nil && viewer.store.items.first?.title == "the cheapest")
  }

  @Test("a malformed record found after the first frame keeps the items before it and says line and why")
  func malformedAfterFirstFrame() {
    let catalogue = ItemCatalogue(paging: .size(10))
    let items = AppFixture.items(40)
    catalogue.append(Array(items[..<25]), fraction: 0.3)
    // One column: the first page fills two screens, so no page follows it before the file is read on.
    let runner = AppFixture.runner(source: catalogue, width: 200, height: 20, options: AppFixture.options(columns: 1))
    let first = AppFixture.screen(runner, "")
    #expect(runner.viewer.store.count == 10 && first.contains("reading 30%"))
    catalogue.append(Array(items[25...]))
    catalogue.finish(stoppedBy: "items.json: not valid JSON: line 41, column 3: unexpected end of input")
    let told = AppFixture.screen(runner, "wait:1")
    #expect(told.contains("items.json: not valid JSON: line 41") && !told.contains("reading"))
    _ = AppFixture.screen(runner, "G G G G G")
    #expect(Array(runner.viewer.store.items) == items)
    #expect(runner.viewer.waterfall.paging.loadMore == .exhausted)
  }

  @Test("a directory with an unreadable page: the good pages open, the bad one is skipped, naming its file and line")
  func brokenDirectoryPage() throws {
    let folder = NSTemporaryDirectory() + "waterfall-broken-page-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func write(_ name: String, _ text: String) {
      _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8))
    }
    let record = { (n: Int) in "{\"w\": 200, \"h\": 300, \"price\": \"¥\(n)\", \"title\": \"page item \(n)\"}" }
    write("1.json", "[" + (1...6).map(record).joined(separator: ",") + "]")
    write("2.json", "[" + record(7) + ",\n{\"w\": 1 \"h\": 1}]")
    write("3.json", "[" + (8...9).map(record).joined(separator: ",") + "]")
    let catalogue = try CatalogueReading.open(path: folder, pageSize: 50)
    catalogue.waitUntilComplete()
    // One column: the first page fills two screens, so the next waits for G.
    let runner = AppFixture.runner(source: catalogue, width: 220, height: 30, options: AppFixture.options(columns: 1))
    #expect(runner.viewer.store.count == 6)
    let skipped = AppFixture.screen(runner, "G")
    #expect(skipped.contains("skipped \(folder)/2.json: not valid JSON: line 2, column 9"), "\(skipped)")
    #expect(!skipped.contains("failed") && !skipped.contains("R retries"), "\(skipped)")
    #expect(
      runner.viewer.store.items.map(\.title) == (1...6).map { "page item \($0)" } + ["page item 8", "page item 9"])
    #expect(AppFixture.screen(runner, "G G").contains("end of the catalogue · 8 items"))
  }
}
