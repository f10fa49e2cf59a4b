import Locking
import ShopCatalog
import Testing

@testable import WaterfallViewer

/// The prompts answer as they are typed, as less, vim and fzf do: `/` counts its matches and goes back when the
/// text stops matching, `&` counts what Enter would show, `:` shows its range and the item it names.
@Suite("Prompts as you type")
struct PromptsAsYouTypeTests {
  /// The prompt row, the screen's last.
  static func promptRow(_ runner: ScriptedRun, _ keys: String) -> String {
    String(AppFixture.screen(runner, keys).split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
  }

  @Test("/ shows which match of how many as it is typed; text that stops matching goes back to where it began")
  func searchCounts() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "C-d")
    let origin = (runner.viewer.waterfall.contentOffset, runner.viewer.state.keyboardFocus)
    let row = Self.promptRow(runner, "/ d e n i m")
    #expect(row.hasPrefix("/denim") && row.hasSuffix("1 of 7"), "\(row)")
    #expect(runner.viewer.state.keyboardFocus != origin.1)
    let none = Self.promptRow(runner, "x")
    #expect(none.hasSuffix("no match"), "\(none)")
    #expect(runner.viewer.waterfall.contentOffset == origin.0 && runner.viewer.state.keyboardFocus == origin.1)
  }

  @Test("& narrows the catalogue as it is typed, counting the matches; Esc brings back the catalogue and the place")
  func filterNarrowsAsTyped() {
    let runner = OrganiseFixture.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "C-d l")
    let origin = try! #require(viewer.currentPlace)
    #expect(Self.promptRow(runner, "&").hasSuffix("Enter shows every item"))
    let row = Self.promptRow(runner, "s i l k")
    #expect(row.hasPrefix("&silk") && row.hasSuffix("14 of 42 match"), "\(row)")
    #expect(viewer.store.count == 14 && viewer.store.items.allSatisfy { $0.title.contains("silk") })
    #expect(Self.promptRow(runner, "x").hasSuffix("no match"))
    #expect(viewer.store.count == 0)
    _ = AppFixture.screen(runner, "Escape")
    #expect(viewer.state.filterPreview == nil && viewer.presentation.filter == nil)
    #expect(viewer.store.count == 42 && viewer.currentPlace == origin, "the catalogue and the place as they were")
    _ = AppFixture.screen(runner, "& d e n i m Enter")
    #expect(viewer.store.count == 7 && viewer.presentation.filter == ItemQuery("denim"))
  }

  @Test("Esc after & puts the view back at the very row it was, its top box beyond the first page and cut at the top")
  func filterEscapeKeepsTheRow() throws {
    let runner = AppFixture.runner(items: AppFixture.items(200), pageSize: 20, width: 60, height: 20)
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, String(repeating: "PageDown ", count: 20) + "j")
    let origin = viewer.waterfall.contentOffset
    let place = try #require(viewer.currentPlace)
    let index = try #require(viewer.store.ids.firstIndex(of: place.item))
    #expect(
      viewer.state.keyboardFocus == nil && index >= 20 && place.distanceFromTop < 0,
      "\(place) \(index) \(String(describing: viewer.state.keyboardFocus))")
    _ = AppFixture.screen(runner, "& i t e m Space 1 Escape")
    #expect(viewer.presentation.filter == nil && viewer.state.keyboardFocus == nil)
    #expect(viewer.waterfall.contentOffset == origin, "the same row, not the top box shown whole")
  }

  /// The column store, counting what it is asked.
  final class CountedSource: CatalogueSource, Sendable {
    let base: ItemCatalogue
    let fetches = Locked(0)
    let searches = Locked(0)
    init(_ base: ItemCatalogue) { self.base = base }
    func fetch(_ request: CataloguePageRequest) -> CatalogueResponse {
      fetches.withLock { $0 += 1 }
      return base.fetch(request)
    }
    func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] {
      searches.withLock { $0 += 1 }
      return base.findMatches(of: pattern, in: query)
    }
    func rank(of item: ItemID, in query: CatalogueQuery) -> Int? { base.rank(of: item, in: query) }
    var progress: ReadingProgress { base.progress }
    var latencyMilliseconds: Int { 0 }
  }

  @Test("& over a catalogue read whole asks the source once a key: the count comes with the narrowed page")
  func filterAsksOnceAKey() {
    let source = CountedSource(ItemCatalogue(items: OrganiseFixture.items(), pageSize: 50))
    let runner = AppFixture.runner(source: source, width: 80, height: 24)
    _ = AppFixture.screen(runner, "")
    let before = source.fetches.withLock { $0 }
    let row = Self.promptRow(runner, "& s i l k")
    #expect(row.hasSuffix("14 of 42 match"), "\(row)")
    #expect(source.searches.withLock { $0 } == 0, "no count of its own")
    #expect(source.fetches.withLock { $0 } - before == 4, "one narrowed first page a key")
    // Typed back to a text already shown: counted from what is shown.
    #expect(Self.promptRow(runner, "x Backspace").hasSuffix("14 of 42 match"))
  }

  @Test("a query typed over is given up, not waited for: over 300 ms of latency the last text's answer comes first")
  func typedOverIsNotWaitedFor() {
    let runner = OrganiseFixture.runner(latency: 300)
    _ = AppFixture.screen(runner, "wait:300 & s wait:50 i wait:50 l wait:50 k wait:300")
    #expect(runner.viewer.presentation.filter == ItemQuery("silk"), "one latency after the last key")
    #expect(runner.viewer.store.count == 14)
  }

  @Test(": shows the numbers it takes and, as digits are typed, the item they name")
  func goToShowsItsRange() {
    let runner = OrganiseFixture.runner()
    #expect(Self.promptRow(runner, ":").hasSuffix("go to item # (1\u{2013}42)"))
    let row = Self.promptRow(runner, "7")
    #expect(row.hasPrefix(":7") && row.hasSuffix("#7 silk scarf 6"), "\(row)")
    #expect(Self.promptRow(runner, "7").hasSuffix("no item #77 (1\u{2013}42)"))
  }

  @Test(": under a filter names the items it shows and says which it does not; letters are no number")
  func goToUnderAFilter() {
    let runner = OrganiseFixture.runner()
    _ = AppFixture.screen(runner, "& s i l k Enter")
    #expect(Self.promptRow(runner, ": 1").hasSuffix("#1 silk scarf 0"))
    #expect(Self.promptRow(runner, "Backspace 2").hasSuffix("no item #2 in this result"))
    #expect(Self.promptRow(runner, "C-u a b").hasSuffix("not an item number (1\u{2013}42)"))
  }

  @Test(": shows a long title cut to the room beside the text, with an ellipsis")
  func longTitleIsCut() {
    var items = AppFixture.items(3)
    items[1].title = String(repeating: "很长的标题 ", count: 40)
    let runner = AppFixture.runner(items: items, width: 60, height: 20)
    let row = Self.promptRow(runner, ": 2")
    #expect(row.hasPrefix(":2") && row.contains("#2 很长的标题") && row.hasSuffix("\u{2026}"), "\(row)")
    #expect(DisplayWidth.of(row) <= 60)
  }

  @Test("N from the first match wraps to the last match of the whole result, loaded or not")
  func previousWrapsOverTheWholeResult() {
    let runner = AppFixture.runner(items: AppFixture.items(200), pageSize: 20, width: 60, height: 20)
    _ = AppFixture.screen(runner, "/ i t e m Space 1 9 Enter wait:100")
    let viewer = runner.viewer
    let ranks = try! #require(viewer.searching.search?.resultRanks)
    #expect(viewer.store.count <= ranks.last!, "the last match is not loaded yet")
    _ = AppFixture.screen(runner, "N wait:100 wait:100 wait:100 wait:100 wait:100")
    #expect(viewer.state.keyboardFocus == ranks.last)
    #expect(viewer.store.items[ranks.last!].title == "item 199")
    let status = viewer.searching.search?.statusText(loadingTo: nil, reading: viewer.reading)
    #expect(status == "match \(ranks.count)/\(ranks.count)")
  }
}
