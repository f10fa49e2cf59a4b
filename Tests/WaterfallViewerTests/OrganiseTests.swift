import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// Items made to be found, sorted and grouped: titles with known words, prices in several notations, three
/// shops.
enum OrganiseFixture {
  static let prices = ["¥169", "¥1,050", "US$1,299.99", "€1.234,56", "88", "12.5元", "free"]

  static func items(_ count: Int = 42) -> [ShopItem] {
    let words = ["silk scarf", "羊毛大衣 wool coat", "Café linen shirt", "canvas tote", "silk blouse", "denim"]
    let shapes: [(Double, Double)] = [(200, 300), (300, 200), (200, 200), (200, 500)]
    return (0..<count).map { index in
      let (width, height) = shapes[index % shapes.count]
      return ShopItem(
        width: width, height: height, imageURL: "https://img.test/\(index).jpg", price: prices[index % prices.count],
        title: "\(words[index % words.count]) \(index)", shop: ["North", "South", "East"][index % 3])
    }
  }

  static func runner(pageSize: Int = 50, latency: Int = 0, width: Int = 80, height: Int = 24) -> ScriptedRun {
    AppFixture.runner(
      items: items(), pageSize: pageSize, width: width, height: height, latency: latency, options: AppFixture.options())
  }
}

@Suite("Search")
struct SearchTests {
  @Test("/ searches as you type: the first match is focused and highlighted, the status says match 1/N")
  func incremental() {
    let runner = OrganiseFixture.runner()
    let viewer = runner.viewer
    let screen = AppFixture.styledScreen(runner, "/ s i l k")
    let search = try! #require(viewer.searching.search)
    #expect(search.matches.count == 14, "silk scarf and silk blouse, 7 each")
    #expect(viewer.state.keyboardFocus == search.matches[0])
    #expect(search.matches[0] == 0)
    #expect(screen.contains("fg black, bg cyan, bold"), "the match is highlighted")
    #expect(screen.contains("/silk"), "the prompt shows what is typed")
    _ = AppFixture.screen(runner, "Enter")
    #expect(AppFixture.screen(runner, "").contains("match 1/14"))
  }

  @Test("n and N walk the matches in reading order and wrap round with a notice")
  func nextAndPrevious() {
    let runner = OrganiseFixture.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "/ s i l k Enter")
    let matches = viewer.searching.search!.matches
    let frames = matches.map { viewer.waterfall.layout.frame(of: $0) }
    #expect(frames == frames.sorted { ($0.y, $0.x) < ($1.y, $1.x) }, "reading order: by top, then left")
    _ = AppFixture.screen(runner, "n")
    #expect(viewer.state.keyboardFocus == matches[1])
    #expect(viewer.waterfall.layout.frame(of: matches[1]).intersects(viewer.waterfall.viewportRect))
    let wrapped = AppFixture.screen(runner, "N N")
    #expect(viewer.state.keyboardFocus == matches.last)
    #expect(wrapped.contains("search wrapped") && runner.viewer.state.notice == "search wrapped to the bottom")
  }

  @Test("case, accents and Chinese: café finds Café, a Chinese word typed as keys finds its titles")
  func foldingAndChinese() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "/ c a f e Enter")
    #expect(runner.viewer.searching.search?.matches.count == 7)
    _ = AppFixture.screen(runner, "/ 羊 毛 Enter")
    let search = try! #require(runner.viewer.searching.search)
    #expect(search.matches.count == 7)
    #expect(search.matches.allSatisfy { runner.viewer.store.items[$0].title.contains("羊毛") })
  }

  @Test("Esc cancels: the view goes back to where it was and nothing stays highlighted")
  func escapeCancels() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "C-d")
    let offset = runner.viewer.waterfall.contentOffset
    _ = AppFixture.screen(runner, "/ d e n i m")
    #expect(runner.viewer.searching.search != nil)
    let screen = AppFixture.styledScreen(runner, "Escape")
    #expect(runner.viewer.searching.search == nil && runner.viewer.state.promptLine.prompt == nil)
    #expect(runner.viewer.waterfall.contentOffset == offset)
    #expect(!screen.contains("bg cyan"))
  }

  @Test("Esc in a new / brings back the search kept before it, as in vim: n walks its matches again")
  func escapeKeepsTheSearchBefore() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "/ s i l k Enter")
    _ = AppFixture.screen(runner, "/ d e n Escape")
    #expect(runner.viewer.searching.search?.query == ItemQuery("silk"))
    _ = AppFixture.screen(runner, "n")
    let focus = try! #require(runner.viewer.state.keyboardFocus)
    #expect(runner.viewer.store.items[focus].title.contains("silk"))
  }

  @Test("searching while pages load: the matches follow the new items")
  func whilePagesLoad() {
    let runner = OrganiseFixture.runner(pageSize: 14, latency: 300)
    _ = AppFixture.screen(runner, "wait:300 / s i l k Enter")
    let before = runner.viewer.searching.search!.matches.count
    _ = AppFixture.screen(runner, "G wait:300 n")
    #expect(runner.viewer.store.count == 28)
    #expect(runner.viewer.searching.search!.matches.count > before)
  }

  @Test("snapshot: the prompt and the highlighted matches")
  func promptSnapshot() {
    let runner = OrganiseFixture.runner(width: 60, height: 16)
    expectSnapshot(AppFixture.styledScreen(runner, "/ s i l k"), named: "search-prompt")
  }
}

@Suite("Filter and sort")
struct FilterAndSortTests {
  @Test("& lays out only the matching items, keeps the focused one in place and its cell; & Enter shows all")
  func filter() {
    let runner = OrganiseFixture.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "C-d l")
    let focus = try! #require(viewer.state.keyboardFocus)
    let item = focus
    let word = String(viewer.store.items[item].title.split(separator: " ")[0])
    let cell = try! #require(viewer.waterfall.cell(at: focus))
    let distance = viewer.waterfall.layout.frame(of: focus).y - viewer.waterfall.contentOffset
    let keys = "& " + word.map { String($0) }.joined(separator: " ") + " Enter"
    let screen = AppFixture.screen(runner, keys)
    let kept = try! #require(viewer.state.keyboardFocus)
    #expect(kept == item, "the focused item still matches and stays focused")
    #expect(viewer.waterfall.cell(at: kept) === cell, "its box keeps its cell")
    let newDistance = viewer.waterfall.layout.frame(of: kept).y - viewer.waterfall.contentOffset
    #expect(
      newDistance == distance || viewer.waterfall.contentOffset == 0
        || viewer.waterfall.contentOffset == viewer.waterfall.maximumOffset)
    #expect(
      viewer.store.items.allSatisfy { $0.title.contains(word) })
    #expect(screen.contains("\(viewer.store.count)/42 shown"))
    _ = AppFixture.screen(runner, "& C-u Enter")
    #expect(viewer.store.count == 42)
  }

  @Test("a filter is answered by the source over the whole catalogue, paged like the rest")
  func filterThenLoadMore() {
    let runner = OrganiseFixture.runner(pageSize: 5, latency: 100)
    _ = AppFixture.screen(runner, "wait:100 & s i l k Enter wait:100")
    let viewer = runner.viewer
    #expect(
      viewer.store.count == 5 && viewer.store.resultCount == 14,
      "\(viewer.store.count) \(String(describing: viewer.store.resultCount)) \(viewer.presentation.query)")
    _ = AppFixture.screen(runner, "G wait:100 G wait:100 G wait:100")
    #expect(viewer.store.count == 14 && viewer.waterfall.itemCount == 14)
    #expect(viewer.store.items.allSatisfy { $0.title.contains("silk") })
    #expect(viewer.waterfall.paging.loadMore == .exhausted)
  }

  @Test("o sorts by price (by value across notations, unreadable last), then the other way, then by title")
  func sortCycle() {
    let runner = OrganiseFixture.runner()
    let viewer = runner.viewer
    let prices = { viewer.store.items.map(\.price) }
    _ = AppFixture.screen(runner, "o")
    let ascending = prices().map(PriceValue.parse)
    let readable = ascending.compactMap { $0 }
    #expect(readable == readable.sorted())
    #expect(ascending.suffix(6).allSatisfy { $0 == nil }, "free sorts last")
    _ = AppFixture.screen(runner, "o")
    let descending = prices().compactMap(PriceValue.parse)
    #expect(descending == descending.sorted(by: >))
    let titled = AppFixture.screen(runner, "o")
    #expect(titled.contains("by title"))
    _ = AppFixture.screen(runner, "o")
    #expect(Array(viewer.store.ids) == (0..<42).map { ItemID($0) }, "and back to the dataset's order")
  }

  @Test("sort then resize: the order stays and the focused box stays in view")
  func sortThenResize() {
    let runner = OrganiseFixture.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "o C-d l")
    let focus = viewer.state.keyboardFocus!
    let order = Array(viewer.store.ids)
    _ = AppFixture.screen(runner, "resize:50x20")
    #expect(Array(viewer.store.ids) == order)
    #expect(viewer.waterfall.layout.frame(of: focus).intersects(viewer.waterfall.viewportRect))
  }
}

@Suite("Sections")
struct SectionsTests {
  @Test("S groups by shop: a header per shop with its count, columns level under each header")
  func groupByShop() {
    let runner = OrganiseFixture.runner(width: 80, height: 30)
    let viewer = runner.viewer
    let screen = AppFixture.screen(runner, "S")
    #expect(viewer.store.sections.map(\.name) == ["North", "South", "East"])
    #expect(screen.contains("North · 14 items"))
    let layout = viewer.waterfall.layout
    for section in 0..<layout.sectionCount {
      let items = layout.itemRange(inSection: section)
      let headerBottom = layout.sectionHeaderFrame(section).maxY
      // Every column's first item starts at the same row under the header.
      let tops = Set(
        (0..<layout.columnCount).compactMap { column in
          items.first { layout.column(of: $0) == column }.map { layout.frame(of: $0).y }
        })
      #expect(tops.count == 1 && tops.first! >= headerBottom)
      #expect(
        items.allSatisfy { viewer.store.items[$0].shop == viewer.store.sections[section].name })
    }
    _ = AppFixture.screen(runner, "S")
    #expect(viewer.waterfall.layout.sectionCount == 1)
  }

  @Test("the header of the section being read stays pinned at the top")
  func pinnedHeader() {
    let runner = OrganiseFixture.runner(width: 60, height: 16)
    _ = AppFixture.screen(runner, "S")
    let screen = AppFixture.styledScreen(runner, "C-d C-d C-d")
    let pinned = try! #require(runner.viewer.waterfall.pinnedSectionHeader)
    #expect(screen.split(separator: "\n")[0].contains(runner.viewer.store.sections[pinned.section].name))
    expectSnapshot(screen, named: "sections-pinned-header")
  }
}
