import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The search's steps alone, over a laid-out viewer's items: the loaded matches, where n and N go, the source's
/// answer, the first match still to load.
@Suite("Parts: the search's steps")
struct SearchStepsTests {
  /// A viewer with `count` fixture items in two columns, `item 0` … loaded.
  static func viewer(count: Int) -> Viewer {
    let runner = AppFixture.runner(items: AppFixture.items(count), options: AppFixture.options(columns: 2))
    _ = AppFixture.screen(runner, "")
    return runner.viewer
  }

  static func refreshed(_ query: String, in viewer: Viewer) -> SearchState {
    var search = SearchState(query: ItemQuery(query))
    search.refresh(
      store: viewer.store, index: SearchIndex(viewer.store.items.run), layout: viewer.waterfall.layout,
      width: viewer.waterfall.viewportSize.width)
    return search
  }

  @Test("the loaded items that match, in reading order; none for a word no title has")
  func loadedMatches() {
    let viewer = Self.viewer(count: 12)
    let search = Self.refreshed("item", in: viewer)
    #expect(Set(search.matches) == Set(0..<12), "every title says item")
    let tops = search.matches.map { viewer.waterfall.layout.frame(of: $0).y }
    #expect(tops == tops.sorted())
    #expect(Self.refreshed("nothing", in: viewer).matches.isEmpty)
  }

  @Test("n goes past the focused match, N before it; without a focused match, from the top of the view")
  func stepPosition() {
    let viewer = Self.viewer(count: 12)
    let search = Self.refreshed("item", in: viewer)
    let layout = viewer.waterfall.layout
    let second = search.matches[1]
    #expect(search.stepPosition(forward: true, focus: second, offset: 0, layout: layout) == 2)
    #expect(search.stepPosition(forward: false, focus: second, offset: 0, layout: layout) == 0)
    #expect(search.stepPosition(forward: true, focus: nil, offset: 0, layout: layout) == 0)
    #expect(search.stepPosition(forward: false, focus: nil, offset: 0, layout: layout) == -1, "taken round later")
    let below = layout.frame(of: search.matches[3]).y
    #expect(search.readingPosition(offset: below, layout: layout) <= 3)
    #expect(search.readingPosition(offset: layout.contentHeight + 1, layout: layout) == search.matches.count)
  }

  @Test("the source's answer is taken only for this search and the query shown; it tells the first match to load")
  func foundMatches() {
    var search = SearchState(query: ItemQuery("silk"))
    let shown = CatalogueQuery()
    let other = FoundMatches(search: MatchSearch(pattern: ItemQuery("wool"), query: shown), ranks: [3])
    let tookOther = search.take(other, shown: shown)
    #expect(!tookOther && search.resultRanks == nil)
    let stale = FoundMatches(search: MatchSearch(pattern: ItemQuery("silk"), query: shown), ranks: [3])
    let tookForAnotherOrder = search.take(stale, shown: CatalogueQuery(order: .title))
    #expect(!tookForAnotherOrder)
    let took = search.take(stale.withRanks([2, 60, 90]), shown: shown)
    #expect(took && search.resultRanks == [2, 60, 90])
    #expect(search.firstUnloadedMatch(loadedCount: 50) == SearchState.LoadTarget(rank: 60, ordinal: 1))
    #expect(search.firstUnloadedMatch(loadedCount: 100) == nil)
    search.startOverForNewQuery()
    #expect(search.resultRanks == nil && search.current == nil && !search.seeksFirstMatch)
  }
}

extension FoundMatches {
  fileprivate func withRanks(_ ranks: [Int]) -> FoundMatches { FoundMatches(search: search, ranks: ranks) }
}
