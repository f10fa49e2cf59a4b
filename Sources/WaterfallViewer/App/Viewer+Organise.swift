import ShopCatalog
import WaterfallKit

/// Finding and organising: search (`/`, `n`, `N`), filter (`&`) and sort (`o`).
extension Viewer {
  /// Opens a prompt, remembering where the view is so that Esc can go back.
  func openPrompt(_ purpose: Prompt.Purpose) {
    var prompt = Prompt(purpose: purpose)
    prompt.origin = (waterfall.contentOffset, state.focusedIndex)
    // Every prompt opens empty, so "& Enter" shows every item; the previous text is one key away (Up).
    state.prompt = prompt
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

  func submitFilter(_ text: String) {
    let query = ItemQuery(text)
    ask(change: .filter(query.isEmpty ? "" : text)) { $0.filter = query.isEmpty ? nil : query }
  }

  /// `o`: dataset order, price ascending, price descending, title, and round again.
  func cycleSort() {
    let all = ItemOrder.allCases
    let current = (pendingQuery?.query ?? presentation.query).order
    let next = all[(all.firstIndex(of: current)! + 1) % all.count]
    ask(change: .sort(next)) { $0.order = next }
  }

  /// `S`: sections by the `--group-by` field (the shop by default), or back to one waterfall.
  func toggleSections() {
    let field = (pendingQuery?.query ?? presentation.query).grouping == nil ? options.groupBy ?? .shop : nil
    ask(change: .sections(field)) { $0.grouping = field }
  }

  /// `n` / `N`: the next or previous match in reading order from the focused box (or the top of the view),
  /// wrapping round with a notice. Past the last loaded match, `n` loads on to the next match in the result.
  func stepMatch(forward: Bool) {
    guard state.search != nil else {
      state.notice = "no search: / starts one"
      return
    }
    refreshSearchMatches()
    let from: Int
    if let focus = visibleFocus, let position = state.search?.matches.firstIndex(of: focus) {
      from = forward ? position + 1 : position - 1
    } else {
      from = readingPosition(offset: waterfall.contentOffset) - (forward ? 0 : 1)
    }
    if forward, let search = state.search, from >= search.matches.count, loadThroughToNextMatch() { return }
    goToMatch(from: from, forward: forward, wraps: true, announce: true)
  }

  /// Recomputes the search's loaded matches when the items or the layout changed since.
  func refreshSearchMatches() {
    guard var search = state.search else { return }
    let wholeResult = store.measuredPages != nil && search.resultRanks != nil
    let basis = SearchState.Basis(
      itemCount: store.count, columnCount: waterfall.layout.columnCount, width: waterfall.viewportSize.width,
      wholeResult: wholeResult)
    guard search.basis != basis else { return }
    // Laid out whole (measured), every match has its frame: all of them, wherever the pages loaded.
    let matching =
      wholeResult
      ? search.resultRanks!.filter { $0 < store.count }
      : (0..<min(store.count, searchIndex.count)).filter { searchIndex.matches($0, query: search.query) }
    // Each frame looked up once: a whole result's matches may be 10^6.
    let layout = waterfall.layout
    search.matches = matching.map { (layout.frame(of: $0), $0) }.sorted { ($0.0.y, $0.0.x) < ($1.0.y, $1.0.x) }.map(\.1)
    search.current = search.current.flatMap { $0 < search.matches.count ? $0 : nil }
    search.basis = basis
    state.search = search
  }

  /// The source found where the search's matches are in the whole result. With none loaded yet, the view
  /// loads on to the first.
  func receive(_ found: FoundMatches) {
    guard var search = state.search, search.query == found.search.pattern, presentation.query == found.search.query
    else { return }
    search.resultRanks = found.ranks
    state.search = search
    // Loading through to the user's place comes first; `n` goes on from there.
    guard search.seeksFirstMatch, state.loadingToPlace == nil else { return }
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
    guard var search = state.search, let ranks = search.resultRanks,
      let rank = ranks.first(where: { $0 >= store.count })
    else { return false }
    search.loadingTo = SearchState.LoadTarget(rank: rank, ordinal: ranks.firstIndex(of: rank)!)
    state.search = search
    continueLoadingToMatch()
    return true
  }

  /// A page arrived (or loading through began): focus the match if it is in, else ask for the next page.
  func continueLoadingToMatch() {
    guard let target = state.search?.loadingTo else { return }
    if target.rank < store.count {
      state.search?.loadingTo = nil
      refreshSearchMatches()
      let current = state.search?.matches.firstIndex(of: target.rank)
      state.search?.current = current
      state.focusedIndex = target.rank
      reveal(target.rank)
      return
    }
    if measureForJump() { return }
    switch waterfall.paging.loadMore {
    case .idle: waterfall.loadMore()
    case .loading: break
    case .failed(let reason):
      state.search?.loadingTo = nil
      state.notice = "stopped loading to match \(target.ordinal + 1): \(reason)"
    case .exhausted:
      state.search?.loadingTo = nil
    }
  }

  /// Esc while loading through to a match: stop where the view is.
  func stopLoadingToMatch() -> Bool {
    guard let target = state.search?.loadingTo else { return false }
    state.search?.loadingTo = nil
    cancelMeasuring()
    state.notice = "stopped loading to match \(target.ordinal + 1)"
    return true
  }

  /// Asks the source where the search's matches are in the whole result.
  private func askWholeResult() {
    guard let search = state.search else { return }
    emit(.findMatches(MatchSearch(pattern: search.query, query: presentation.query)))
  }

  /// Asks the source for a changed query; its first page replaces the waterfall when it comes
  /// (``show(_:answer:)``), and input stays live meanwhile.
  func ask(change: QueryChange, _ edit: (inout CatalogueQuery) -> Void) {
    var query = pendingQuery?.query ?? presentation.query
    edit(&query)
    query = CatalogueQuery(order: query.order, filter: query.filter, grouping: query.grouping)
    if query == presentation.query, pendingQuery == nil {
      state.notice = notice(for: change)
      return
    }
    pendingQuery = (query, change)
    state.search?.loadingTo = nil
    state.loadingToPlace = nil
    waterfall.beginRefresh()
  }

  /// The first page of a new query: laid out keeping the user's place (``replaceKeepingPlace(with:location:keepsPlace:)``).
  func show(
    _ pending: (query: CatalogueQuery, change: QueryChange), answer: CatalogueResponse,
    location: (item: ItemID, rank: Int?)?
  ) {
    presentation.query = pending.query
    pendingQuery = nil
    // A search on: the new order shows from its top (not at the old match, somewhere in the middle), the search
    // stays, its count follows what is shown now (a filter may have hidden every match), `n` goes on from the top.
    replaceKeepingPlace(with: answer, location: location, keepsPlace: state.search == nil)
    state.notice = notice(for: pending.change)
    guard state.search != nil else { return }
    state.search?.basis = nil
    state.search?.resultRanks = nil
    state.search?.current = nil
    state.search?.seeksFirstMatch = false
    refreshSearchMatches()
    askWholeResult()
  }

  /// Replaces the items with a first page's answer, keeping the user's place (the focused item if it is still
  /// shown, else the topmost shown item on screen); boxes of items that stay keep their cells. When that item is
  /// beyond the first page and the source found where (`location`), pages are loaded through to it; when
  /// nothing on screen is in the first page, the view starts at the top.
  /// With `keepsPlace` off, the answer shows from its top, nothing focused.
  func replaceKeepingPlace(
    with answer: CatalogueResponse, location: (item: ItemID, rank: Int?)? = nil, keepsPlace: Bool = true
  ) {
    let oldIDs = store.ids
    let focusedItem = keepsPlace ? state.focusedIndex.flatMap { $0 < oldIDs.count ? oldIDs[$0] : nil } : nil
    let place = (keepsPlace ? placeItem() : nil).map { place in
      (
        item: oldIDs[place.index], distanceFromTop: waterfall.layout.frame(of: place.index).y - waterfall.contentOffset,
        purpose: place.purpose
      )
    }
    let onScreen = waterfall.indicesInViewport.filter { $0 < oldIDs.count }.map { oldIDs[$0] }
    state.loadingToPlace = nil
    store.replace(with: answer)
    searchIndex = SearchIndex(store.items.run)
    startPicturesOver()
    var newIndex: [ItemID: Int] = [:]
    for (index, id) in store.ids.enumerated() where newIndex[id] == nil { newIndex[id] = index }
    let wasAtTop = waterfall.contentOffset == 0
    if case .detail = state.overlay { state.overlay = nil }
    waterfall.reloadData(preferring: visibleFocus) { old in old < oldIDs.count ? newIndex[oldIDs[old]] : nil }
    // At the top the top is the place: the header stays in view. Nothing on screen is in the answer: so is the
    // top, rather than somewhere in the first page.
    if !keepsPlace || wasAtTop || !onScreen.contains(where: { newIndex[$0] != nil }) { waterfall.scroll(toOffset: 0) }
    state.focusedIndex = focusedItem.flatMap { newIndex[$0] }
    waterfall.selectItem(at: state.focusedIndex)
    if let place, newIndex[place.item] == nil { startLoadingToPlace(place, location: location) }
  }

  private func notice(for change: QueryChange) -> String {
    switch change {
    case .sort(let order): return "sorted by \(order.description)"
    case .sections(let field): return field.map { "sections by \($0.name)" } ?? "one waterfall, no sections"
    case .filter(let text):
      guard !text.isEmpty else { return "showing every item" }
      let total = reading.isComplete ? " of \(reading.itemsRead)" : ""
      return "\(store.resultCount ?? store.count)\(total) items match \(text)"
    }
  }

  private func goBack(to prompt: Prompt) {
    state.focusedIndex = prompt.origin.focus
    waterfall.scroll(toOffset: prompt.origin.offset)
  }

  /// Focuses the match at `position` (taken round the list when `wraps`) and scrolls it into view.
  func goToMatch(from position: Int, forward: Bool, wraps: Bool, announce: Bool) {
    guard var search = state.search, !search.matches.isEmpty else { return }
    let count = search.matches.count
    var target = position
    if target >= count || target < 0 {
      target = (target % count + count) % count
      if announce { state.notice = forward ? "search wrapped to the top" : "search wrapped to the bottom" }
    }
    search.current = target
    state.search = search
    let index = search.matches[target]
    state.focusedIndex = index
    reveal(index)
  }

  /// Where content row `offset` falls in the reading order of the matches: the first match at or below it.
  func readingPosition(offset: Int) -> Int {
    guard let matches = state.search?.matches else { return 0 }
    return matches.firstIndex { waterfall.layout.frame(of: $0).y >= offset } ?? matches.count
  }

  private func readingKey(_ index: Int) -> (Int, Int) {
    let frame = waterfall.layout.frame(of: index)
    return (frame.y, frame.x)
  }
}

extension ItemOrder: CustomStringConvertible {
  public var description: String {
    switch self {
    case .dataset: "dataset order"
    case .priceAscending: "price, lowest first"
    case .priceDescending: "price, highest first"
    case .title: "title"
    }
  }
}
