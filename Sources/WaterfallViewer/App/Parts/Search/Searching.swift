import ShopCatalog
import WaterfallKit

/// The search (`/`, `n`, `N`): the search on, if any (``SearchState``: its matches and the current one), and the
/// loaded items folded for search, built as pages arrive. It follows the prompt as it is typed, over the loaded
/// items at once and over the whole result once the source has looked, and answers with ``Command``s: focus a
/// match, load through to one, ask the source where the matches are.
public struct Searching: Sendable {
  enum Message {
    /// `/`: a new search starts; the last one goes.
    case opened
    /// The search prompt's text changed.
    case typed(Prompt)
    /// Esc in the search prompt.
    case cancelled(Prompt)
    /// Enter in the search prompt.
    case submitted(Prompt)
    /// Esc with the search kept and no prompt open: it ends, its matches no longer highlighted.
    case ended
    /// `n` (`forward`) or `N`.
    case step(forward: Bool)
    /// The source found where the matches are in the whole result; `loadingToPlace` while pages load through to
    /// the user's place, which comes first.
    case found(FoundMatches, loadingToPlace: Bool)
    /// The rank loader loaded through to this match.
    case arrivedAtMatch(SearchState.LoadTarget)
    /// A new query's first page is shown: the search starts over from its top.
    case newQueryShown
    /// The store holds other items now: the index is built again.
    case itemsReplaced
    /// Items were added to the store (`relaidOut`: at its end, laid out anew).
    case itemsAdded(relaidOut: Bool)
  }

  /// The search whose matches are highlighted and walked with n / N.
  public internal(set) var search: SearchState?
  /// The search kept when `/` opened a new one: Esc in the new prompt brings it back, as in vim.
  var searchBeforePrompt: SearchState?
  /// The loaded items folded for search, from the first on.
  var index = SearchIndex()

  mutating func update(_ message: Message, in around: Surroundings) -> [Command] {
    switch message {
    case .opened:
      searchBeforePrompt = search
      return replace(with: nil)
    case .typed(let prompt):
      guard prompt.purpose == .search else { return [] }
      guard !prompt.text.isEmpty else { return replace(with: nil) + goBack(to: prompt) }
      var commands = replace(with: SearchState(query: ItemQuery(prompt.text)))
      refreshMatches(around)
      // The first match at or after where the view was when the search began.
      let position = readingPosition(offset: prompt.origin.offset, around)
      commands += goToMatch(from: position, forward: true, announce: false)
      // Text that matches nothing loaded goes back to where the search began (vim's incsearch), not left
      // where a shorter text had matched; the source's answer may still find a match further on.
      if search?.matches.isEmpty == true { commands += goBack(to: prompt) }
      return commands + askWholeResult(around)
    case .cancelled(let prompt):
      guard prompt.purpose == .search else { return [] }
      let kept = searchBeforePrompt
      searchBeforePrompt = nil
      return replace(with: kept) + goBack(to: prompt)
    case .submitted(let prompt):
      searchBeforePrompt = nil
      return prompt.text.isEmpty ? replace(with: nil) : []
    case .ended: return replace(with: nil)
    case .step(let forward): return step(forward: forward, around)
    case .found(let found, let loadingToPlace): return receive(found, loadingToPlace: loadingToPlace, around)
    case .arrivedAtMatch(let target):
      refreshMatches(around)
      let current = search?.matches.firstIndex(of: target.rank)
      search?.current = current
      return [.focus(target.rank)]
    case .newQueryShown:
      // The new order shows from its top: the count follows what is shown now, `n` goes on from the top.
      guard search != nil else { return [] }
      search?.startOverForNewQuery()
      refreshMatches(around)
      return askWholeResult(around)
    case .itemsReplaced:
      index = SearchIndex(around.store.items.run)
      return []
    case .itemsAdded(let relaidOut):
      // The index follows the items loaded from the start (a measured result's count does not grow).
      index.append(contentsOf: Array(around.store.items.run[index.count...]))
      if relaidOut { search?.basis = nil }
      return []
    }
  }

  /// A new search (or none): a match being loaded through to belongs to the old one.
  private mutating func replace(with new: SearchState?) -> [Command] {
    let changed = new?.query != search?.query
    search = new
    return changed ? [.jumps(.dropMatch)] : []
  }

  /// `n` / `N`: the next or previous match in reading order from the focused box (or the top of the view),
  /// wrapping round with a notice. Past the last loaded match, `n` loads on to the next match in the result.
  private mutating func step(forward: Bool, _ around: Surroundings) -> [Command] {
    guard search != nil else { return [.notice("no search: / starts one")] }
    refreshMatches(around)
    let waterfall = around.waterfall
    let from = search!.stepPosition(
      forward: forward, focus: around.keyboardOnScreen, offset: waterfall.contentOffset, layout: waterfall.layout)
    if forward, from >= search!.matches.count, let load = loadToNextMatch(around) { return load }
    // Back past the first, the last match of the whole result, loaded or not: any match is one jump away.
    if !forward, from < 0, let last = search!.lastUnloadedMatch(loadedCount: around.store.count) {
      return [.notice("search wrapped to the bottom"), .jumps(.load(.match(last)))]
    }
    return goToMatch(from: from, forward: forward, announce: true)
  }

  /// The source found where the matches are in the whole result. With none loaded yet, the view loads on to the
  /// first; laid out whole, every match is in reach, and the first at or below the view is the one.
  private mutating func receive(_ found: FoundMatches, loadingToPlace: Bool, _ around: Surroundings) -> [Command] {
    guard search?.take(found, shown: around.query) == true, let search else { return [] }
    // Loading through to the user's place comes first; `n` goes on from there.
    guard search.seeksFirstMatch, !loadingToPlace else { return [] }
    if around.store.measuredPages != nil {
      refreshMatches(around)
      guard self.search?.current == nil else { return [] }
      let position = readingPosition(offset: around.waterfall.contentOffset, around)
      return goToMatch(from: position, forward: true, announce: false)
    }
    return search.matches.isEmpty ? loadToNextMatch(around) ?? [] : []
  }

  /// Loading on to the first match beyond the loaded items; nil when the result has no such match.
  private func loadToNextMatch(_ around: Surroundings) -> [Command]? {
    guard let target = search?.firstUnloadedMatch(loadedCount: around.store.count) else { return nil }
    return [.jumps(.load(.match(target)))]
  }

  /// Recomputes the loaded matches when the items or the layout changed since.
  private mutating func refreshMatches(_ around: Surroundings) {
    let waterfall = around.waterfall
    search?.refresh(store: around.store, index: index, layout: waterfall.layout, width: waterfall.viewportSize.width)
  }

  /// Asks the source where the search's matches are in the whole result.
  private func askWholeResult(_ around: Surroundings) -> [Command] {
    guard let search else { return [] }
    return [.effect(.findMatches(MatchSearch(pattern: search.query, query: around.query)))]
  }

  /// Focuses the match at `position` (taken round the list) and scrolls it into view.
  private mutating func goToMatch(from position: Int, forward: Bool, announce: Bool) -> [Command] {
    guard let (index, wrapped) = search?.select(position) else { return [] }
    guard wrapped, announce else { return [.focus(index)] }
    return [.notice(forward ? "search wrapped to the top" : "search wrapped to the bottom"), .focus(index)]
  }

  /// Where content row `offset` falls in the reading order of the matches: the first match at or below it.
  private func readingPosition(offset: Int, _ around: Surroundings) -> Int {
    search?.readingPosition(offset: offset, layout: around.waterfall.layout) ?? 0
  }

  /// Esc or an emptied prompt: the view goes back to where it was when the prompt opened.
  private func goBack(to prompt: Prompt) -> [Command] {
    [.keyboardFocus(prompt.origin.focus), .scroll(toOffset: prompt.origin.offset)]
  }
}

extension Searching.Message {
  /// The waterfall's actions this part owns: `n` and `N`.
  init?(_ action: Action) {
    switch action {
    case .nextMatch, .previousMatch: self = .step(forward: action == .nextMatch)
    default: return nil
    }
  }
}
