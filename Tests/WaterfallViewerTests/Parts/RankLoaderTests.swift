import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The one rank loader alone: what each step asks of the viewer, for a match and for a place alike.
@Suite("Parts: the rank loader")
struct RankLoaderTests {
  static let match = RankLoader.Goal.match(SearchState.LoadTarget(rank: 120, ordinal: 2))
  static let place = RankLoader.Goal.place(
    PlaceTarget(item: ItemID(number: 7), rank: 80, purpose: .goToItem, distanceFromTop: nil))

  @Test("beyond the loaded items it asks for the next page, then waits while one loads")
  func loadsPageByPage() {
    var loader = RankLoader()
    loader.start(Self.match)
    #expect(loader.step(loadedCount: 50, loadMore: .idle) { false } == .loadMore)
    #expect(loader.step(loadedCount: 50, loadMore: .loading(request: 1)) { false } == .wait)
    #expect(loader.goal == Self.match, "still on its way")
  }

  @Test("once the rank is loaded the goal is handed back and done")
  func arrives() {
    var loader = RankLoader()
    loader.start(Self.place)
    #expect(loader.step(loadedCount: 81, loadMore: .idle) { false } == .arrived(Self.place))
    #expect(loader.goal == nil && loader.place == nil)
  }

  @Test("a result that can be measured waits for the measure instead of paging")
  func measuresForTheJump() {
    var loader = RankLoader()
    loader.start(Self.place)
    var asked = 0
    let step = loader.step(loadedCount: 10, loadMore: .idle) {
      asked += 1
      return true
    }
    #expect(step == .wait && asked == 1)
  }

  @Test("a failed page stops it with the reason; the end of the result stops it, naming an item :N asked for")
  func stops() {
    var failing = RankLoader()
    failing.start(Self.match)
    #expect(
      failing.step(loadedCount: 50, loadMore: .failed(reason: "timed out")) { false }
        == .stopped(notice: "stopped loading to match 3: timed out"))
    #expect(failing.goal == nil)
    var ending = RankLoader()
    ending.start(Self.place)
    #expect(
      ending.step(loadedCount: 50, loadMore: .exhausted) { false }
        == .stopped(notice: "no item #7: the catalogue has 50"))
    var keeping = RankLoader()
    keeping.start(.place(PlaceTarget(item: ItemID(number: 7), rank: 80, purpose: .topOfView, distanceFromTop: 3)))
    #expect(keeping.step(loadedCount: 50, loadMore: .exhausted) { false } == .stopped(notice: nil), "quietly")
  }

  @Test("the end is reached when the result ends, never by a count; a failure on the way stops it, named")
  func end() {
    var loader = RankLoader()
    loader.start(.end)
    #expect(loader.step(loadedCount: 1_000_000, loadMore: .idle) { false } == .loadMore)
    #expect(loader.step(loadedCount: 1_000_050, loadMore: .exhausted) { false } == .arrived(.end))
    #expect(loader.goal == nil)
    loader.start(.end)
    #expect(
      loader.step(loadedCount: 50, loadMore: .failed(reason: "the server answered 500")) { false }
        == .stopped(notice: "stopped loading to the end: the server answered 500"))
  }

  @Test("Esc stops the goal under way and names it; with none there is nothing to say")
  func escape() {
    var loader = RankLoader()
    #expect(loader.stop() == nil)
    loader.start(Self.place)
    #expect(loader.stop() == "stopped loading to item #7")
    #expect(loader.goal == nil)
  }

  @Test("one goal at a time: a new one replaces the last")
  func oneGoal() {
    var loader = RankLoader()
    loader.start(Self.match)
    loader.start(Self.place)
    #expect(loader.match == nil && loader.place?.item == ItemID(number: 7))
  }
}
