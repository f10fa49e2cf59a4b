import ShopCatalog
import WaterfallKit

/// Finding and organising: search (`/`, `n`, `N`), filter (`&`) and sort (`o`).
extension Viewer {
  /// Opens a prompt, remembering where the view is so that Esc can go back.
  func openPrompt(_ purpose: Prompt.Purpose) {
    state.promptLine.open(purpose, origin: (waterfall.contentOffset, state.keyboardFocus))
    if purpose == .search { state.search = nil }
  }

  /// The prompt's text changed: a search follows it as it is typed, over the loaded items at once and over the
  /// whole result as soon as the source has looked.
  func promptChanged(_ prompt: Prompt) {
    guard prompt.purpose == .search else { return }
    guard !prompt.text.isEmpty else {
      state.search = nil
      return goBack(to: prompt)
    }
    state.search = SearchState(query: ItemQuery(prompt.text))
    refreshSearchMatches()
    // The first match at or after where the view was when the search began.
    goToMatch(from: readingPosition(offset: prompt.origin.offset), forward: true, wraps: true, announce: false)
    askWholeResult()
  }

  /// Esc in a search or filter prompt: the view goes back to where it was.
  func cancelPrompt(_ prompt: Prompt) {
    if prompt.purpose == .search {
      state.search = nil
      goBack(to: prompt)
    }
  }

  /// `o`, `S`, `&`: the organiser asks for the new query, or the view says it is shown already.
  func organise(_ message: Organiser.Message) {
    switch organiser.update(message) {
    case .asked:
      state.rankLoader.drop()
      waterfall.beginRefresh()
    case .unchanged(let change): state.notice = notice(for: change)
    case .request, .notice, .done: break
    }
  }

  /// `n` / `N`: the next or previous match in reading order from the focused box (or the top of the view),
  /// wrapping round with a notice. Past the last loaded match, `n` loads on to the next match in the result.
  func stepMatch(forward: Bool) {
    guard state.search != nil else {
      state.notice = "no search: / starts one"
      return
    }
    refreshSearchMatches()
    let from = state.search!.stepPosition(
      forward: forward, focus: focus.keyboardOnScreen, offset: waterfall.contentOffset, layout: waterfall.layout)
    if forward, let search = state.search, from >= search.matches.count, loadThroughToNextMatch() { return }
    goToMatch(from: from, forward: forward, wraps: true, announce: true)
  }

  /// Recomputes the search's loaded matches when the items or the layout changed since.
  func refreshSearchMatches() {
    state.search?.refresh(
      store: store, index: searchIndex, layout: waterfall.layout, width: waterfall.viewportSize.width)
  }

  /// The source found where the search's matches are in the whole result. With none loaded yet, the view
  /// loads on to the first.
  func receive(_ found: FoundMatches) {
    guard state.search?.take(found, shown: presentation.query) == true, let search = state.search else { return }
    // Loading through to the user's place comes first; `n` goes on from there.
    guard search.seeksFirstMatch, state.rankLoader.place == nil else { return }
    if store.measuredPages != nil {
      // Laid out whole: every match is in reach, the first at or below the view is the one.
      refreshSearchMatches()
      if state.search?.current == nil {
        goToMatch(from: readingPosition(offset: waterfall.contentOffset), forward: true, wraps: true, announce: false)
      }
    } else if search.matches.isEmpty {
      _ = loadThroughToNextMatch()
    }
  }

  /// Starts loading pages until the first match beyond the loaded items is in. Returns `false` when the result
  /// has no such match.
  func loadThroughToNextMatch() -> Bool {
    guard let target = state.search?.firstUnloadedMatch(loadedCount: store.count) else { return false }
    state.rankLoader.start(.match(target))
    continueLoadingToRank()
    return true
  }

  /// Asks the source where the search's matches are in the whole result.
  private func askWholeResult() {
    guard let search = state.search else { return }
    emit(.findMatches(MatchSearch(pattern: search.query, query: presentation.query)))
  }

  /// The first page of a new query: laid out keeping the user's place (``replaceKeepingPlace(with:location:keepsPlace:)``).
  func show(
    _ pending: (query: CatalogueQuery, change: QueryChange), answer: CatalogueResponse,
    location: (item: ItemID, rank: Int?)?
  ) {
    _ = organiser.update(.shown)
    // A search on: the new order shows from its top (not at the old match, somewhere in the middle), the search
    // stays, its count follows what is shown now (a filter may have hidden every match), `n` goes on from the top.
    replaceKeepingPlace(with: answer, location: location, keepsPlace: state.search == nil)
    state.notice = notice(for: pending.change)
    guard state.search != nil else { return }
    state.search?.startOverForNewQuery()
    refreshSearchMatches()
    askWholeResult()
  }

  /// Replaces the items with a first page's answer, keeping the user's place (``PlaceKeeping``): boxes of items
  /// that stay keep their cells; an item beyond the first page that the source found (`location`) is loaded
  /// through to. With `keepsPlace` off, the answer shows from its top, nothing focused.
  func replaceKeepingPlace(
    with answer: CatalogueResponse, location: (item: ItemID, rank: Int?)? = nil, keepsPlace: Bool = true
  ) {
    var kept = PlaceKeeping(
      keepsPlace: keepsPlace, ids: store.ids, keyboardFocus: state.keyboardFocus,
      focusOnScreen: focus.keyboardOnScreen, waterfall: waterfall)
    state.rankLoader.drop()
    store.replace(with: answer)
    searchIndex = SearchIndex(store.items.run)
    startPicturesOver()
    kept.answered(store.ids)
    if case .detail = state.panel.overlay { state.panel.overlay = nil }
    waterfall.reloadData(preferring: focus.keyboardOnScreen, mappingIndices: kept.newIndex(ofOld:))
    if kept.scrollsToTop { waterfall.scroll(toOffset: 0) }
    state.keyboardFocus = kept.focus
    waterfall.selectItem(at: kept.focus)
    if let target = kept.target(location: location, loadedCount: store.count) {
      state.rankLoader.start(.place(target))
      continueLoadingToRank()
    }
  }

  private func notice(for change: QueryChange) -> String {
    Organiser.notice(
      for: change, matching: store.resultCountText, itemsRead: reading.isComplete ? reading.itemsRead : nil)
  }

  private func goBack(to prompt: Prompt) {
    state.keyboardFocus = prompt.origin.focus
    waterfall.scroll(toOffset: prompt.origin.offset)
  }

  /// Focuses the match at `position` (taken round the list when `wraps`) and scrolls it into view.
  func goToMatch(from position: Int, forward: Bool, wraps: Bool, announce: Bool) {
    guard let (index, wrapped) = state.search?.select(position) else { return }
    if wrapped, announce { state.notice = forward ? "search wrapped to the top" : "search wrapped to the bottom" }
    focusBox(index)
  }

  /// Where content row `offset` falls in the reading order of the matches: the first match at or below it.
  func readingPosition(offset: Int) -> Int {
    state.search?.readingPosition(offset: offset, layout: waterfall.layout) ?? 0
  }

}
