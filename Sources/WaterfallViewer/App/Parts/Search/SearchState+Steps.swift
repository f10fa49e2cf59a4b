import ShopCatalog
import WaterfallKit

/// The search's steps over what the root passes it (the items, their index, the layout): the loaded matches
/// recomputed, where `n` and `N` go, the source's answer taken, the first match still to load.
extension SearchState {
  /// Recomputes the loaded matches when the items or the layout changed since: laid out whole (measured), every
  /// match the source found has its frame, wherever the pages loaded; else the loaded items that match.
  mutating func refresh(store: ItemStore, index: SearchIndex, layout: WaterfallLayout, width: Int) {
    let wholeResult = store.measuredPages != nil && resultRanks != nil
    let basis = Basis(
      itemCount: store.count, columnCount: layout.columnCount, width: width, wholeResult: wholeResult)
    let (query, ranks) = (query, resultRanks)
    refresh(for: basis, layout: layout) {
      wholeResult
        ? ranks!.filter { $0 < store.count }
        : (0..<min(store.count, index.count)).filter { index.matches($0, query: query) }
    }
  }

  /// Where content row `offset` falls in the reading order of the matches: the first match at or below it.
  func readingPosition(offset: Int, layout: WaterfallLayout) -> Int {
    matches.firstIndex { layout.frame(of: $0).y >= offset } ?? matches.count
  }

  /// The position `n` (`forward`) or `N` goes to: next to the focused box when it is a match, else from the top
  /// of the view (`offset`). It may be past either end.
  func stepPosition(forward: Bool, focus: Int?, offset: Int, layout: WaterfallLayout) -> Int {
    if let focus, let position = matches.firstIndex(of: focus) { return forward ? position + 1 : position - 1 }
    return readingPosition(offset: offset, layout: layout) - (forward ? 0 : 1)
  }

  /// The first match beyond the loaded items, to load through to; `nil` when the source has not looked or there
  /// is none.
  func firstUnloadedMatch(loadedCount: Int) -> LoadTarget? {
    guard let ranks = resultRanks, let rank = ranks.first(where: { $0 >= loadedCount }) else { return nil }
    return LoadTarget(rank: rank, ordinal: ranks.firstIndex(of: rank)!)
  }

  /// The last match of the whole result when it is beyond the loaded items, to load through to when `N` wraps.
  func lastUnloadedMatch(loadedCount: Int) -> LoadTarget? {
    guard let ranks = resultRanks, let rank = ranks.last, rank >= loadedCount else { return nil }
    return LoadTarget(rank: rank, ordinal: ranks.count - 1)
  }

  /// Takes where the source found the matches, when the answer is for this search over the query `shown`.
  mutating func take(_ found: FoundMatches, shown: CatalogueQuery) -> Bool {
    guard query == found.search.pattern, shown == found.search.query else { return false }
    resultRanks = found.ranks
    return true
  }

  /// A new query is shown from its top: the matches are computed afresh, the source looks again, and `n` goes
  /// on from the top (nothing is sought at once).
  mutating func startOverForNewQuery() {
    (basis, resultRanks, current, seeksFirstMatch) = (nil, nil, nil, false)
  }
}
