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

  /// The prompt's text changed: a search follows it as it is typed.
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
    reorder { $0.filter = query.isEmpty ? nil : query }
    state.notice =
      query.isEmpty ? "showing every item" : "\(presentation.count) of \(store.count) items match \(text)"
  }

  /// `o`: dataset order, price ascending, price descending, title, and round again.
  func cycleSort() {
    let all = ItemOrder.allCases
    let next = all[(all.firstIndex(of: presentation.sort)! + 1) % all.count]
    reorder { $0.sort = next }
    state.notice = "sorted by \(next.description)"
  }

  /// `S`: sections by the `--group-by` field (the shop by default), or back to one waterfall.
  func toggleSections() {
    let field = presentation.grouping == nil ? options.groupBy ?? .shop : nil
    reorder { $0.grouping = field }
    state.notice = field.map { "sections by \($0.name)" } ?? "one waterfall, no sections"
  }

  /// `n` / `N`: the next or previous match in reading order from the focused box (or the top of the view),
  /// wrapping round with a notice.
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
    goToMatch(from: from, forward: forward, wraps: true, announce: true)
  }

  /// Recomputes the search's matches when the items or the layout changed since.
  func refreshSearchMatches() {
    guard var search = state.search else { return }
    let layout = waterfall.layout
    let basis = SearchState.Basis(
      itemCount: store.count, columnCount: layout.columnCount, width: waterfall.viewportSize.width,
      presentationCount: presentation.count)
    guard search.basis != basis else { return }
    let matching = (0..<presentation.count).filter { searchIndex.matches(storeIndex($0), query: search.query) }
    search.matches = matching.sorted { readingKey($0) < readingKey($1) }
    search.current = search.current.flatMap { $0 < search.matches.count ? $0 : nil }
    search.basis = basis
    state.search = search
  }

  /// Changes the order or the filter and lays everything out again, keeping the user's place (the focused item
  /// if it is still shown, else the topmost shown item on screen); boxes of items that stay keep their cells.
  func reorder(_ change: (inout Presentation) -> Void) {
    let oldOrder = presentation.order
    let focusedItem = state.focusedIndex.flatMap { $0 < oldOrder.count ? oldOrder[$0] : nil }
    change(&presentation)
    presentation.rebuild(store.items, search: searchIndex)
    let shown = presentation
    let wasAtTop = waterfall.contentOffset == 0
    if case .detail = state.overlay { state.overlay = nil }
    waterfall.reloadData(preferring: visibleFocus) { old in
      old < oldOrder.count ? shown.layoutIndex(ofStoreIndex: oldOrder[old]) : nil
    }
    // At the top the top is the place: the header stays in view.
    if wasAtTop { waterfall.scroll(toOffset: 0) }
    state.focusedIndex = focusedItem.flatMap { shown.layoutIndex(ofStoreIndex: $0) }
    // The search's count follows what is shown now (a filter may have hidden every match).
    state.search?.basis = nil
    refreshSearchMatches()
  }

  private func goBack(to prompt: Prompt) {
    state.focusedIndex = prompt.origin.focus
    waterfall.scroll(toOffset: prompt.origin.offset)
  }

  /// Focuses the match at `position` (taken round the list when `wraps`) and scrolls it into view.
  private func goToMatch(from position: Int, forward: Bool, wraps: Bool, announce: Bool) {
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
  private func readingPosition(offset: Int) -> Int {
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
