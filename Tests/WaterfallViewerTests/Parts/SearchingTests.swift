import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The search part alone: what typing, `n`, `N`, Esc and the source's answer ask of the root.
@Suite("Parts: searching")
struct SearchingTests {
  static func prompt(_ text: String, origin: (Int, Int?) = (0, nil)) -> Prompt {
    var prompt = Prompt(purpose: .search, text: text)
    prompt.origin = origin
    return prompt
  }

  static func searching(_ text: String, _ around: Surroundings) -> Searching {
    var searching = Searching()
    _ = searching.update(.itemsReplaced, in: around)
    _ = searching.update(.typed(Self.prompt(text)), in: around)
    return searching
  }

  @Test("typing focuses the first match from where the view was and asks the source for the whole result")
  func typing() {
    var searching = Searching()
    let around = surroundings(12)
    _ = searching.update(.itemsReplaced, in: around)
    #expect(
      searching.update(.typed(Self.prompt("item 7")), in: around).summary == [
        "jumps dropMatch", "focus 7", "effect findMatches",
      ])
    #expect(searching.search?.matches == [7])
    #expect(searching.update(.typed(Self.prompt("item 7")), in: around).summary == ["focus 7", "effect findMatches"])
  }

  @Test("emptying the prompt or Esc ends the search and goes back to where the view was")
  func goingBack() {
    let around = surroundings(12)
    var emptied = Self.searching("item 7", around)
    #expect(
      emptied.update(.typed(Self.prompt("", origin: (3, 2))), in: around).summary == [
        "jumps dropMatch", "keyboard 2", "scroll to 3",
      ])
    #expect(emptied.search == nil)
    var cancelled = Self.searching("item 7", around)
    #expect(cancelled.update(.cancelled(Self.prompt("item 7", origin: (0, nil))), in: around).count == 3)
    #expect(cancelled.search == nil)
  }

  @Test("n walks the matches and says when it wraps; with no search it says how to start one")
  func stepping() {
    let around = surroundings(12)
    var none = Searching()
    #expect(none.update(.step(forward: true), in: around).summary == ["notice no search: / starts one"])
    var searching = Self.searching("shop 2", around)
    let matches = searching.search!.matches
    #expect(matches.count > 1 && matches.contains(5))
    let onLast = Surroundings(
      waterfall: around.waterfall, store: around.store, query: around.query, pendingQuery: nil,
      keyboard: matches.last, keyboardOnScreen: matches.last, reading: around.reading)
    #expect(
      searching.update(.step(forward: true), in: onLast).summary == [
        "notice search wrapped to the top", "focus \(matches[0])",
      ])
  }

  @Test("the source found matches beyond the loaded items only: the view loads on to the first")
  func foundBeyond() {
    let around = surroundings(12, resultCount: 300)
    var searching = Self.searching("item 99", around)
    let found = FoundMatches(search: MatchSearch(pattern: ItemQuery("item 99"), query: around.query), ranks: [99, 199])
    #expect(searching.update(.found(found, loadingToPlace: true), in: around).isEmpty, "the user's place first")
    #expect(searching.update(.found(found, loadingToPlace: false), in: around).summary == ["jumps load"])
    #expect(searching.search?.firstUnloadedMatch(loadedCount: 12) == SearchState.LoadTarget(rank: 99, ordinal: 0))
    let stale = FoundMatches(search: MatchSearch(pattern: ItemQuery("other"), query: around.query), ranks: [5])
    #expect(searching.update(.found(stale, loadingToPlace: false), in: around).isEmpty)
  }

  @Test("a match loaded through to becomes the current one")
  func arrivedAtMatch() {
    let around = surroundings(12)
    var searching = Self.searching("shop 2", around)
    let matches = searching.search!.matches
    let arrived = searching.update(.arrivedAtMatch(.init(rank: matches.last!, ordinal: 2)), in: around)
    #expect(arrived.summary == ["focus \(matches.last!)"])
    #expect(searching.search?.current == matches.count - 1)
  }
}
