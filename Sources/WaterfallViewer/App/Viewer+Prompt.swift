import ShopCatalog

/// The prompt in the status bar (`:`, `/`, `&`): the ``PromptLine`` part edits it; the root hands what it did to
/// the part it concerns.
extension Viewer {
  /// Opens a prompt, remembering where the view is so that Esc can go back.
  func openPrompt(_ purpose: Prompt.Purpose) {
    state.promptLine.open(purpose, origin: (waterfall.contentOffset, state.keyboardFocus))
    state.promptJumpOrigin = currentPlace
    if purpose == .filter {
      state.filterOrigin = organiser.latestQuery.filter?.pattern ?? ""
      // ↑ brings back the filter in effect, however it was set (typed, chosen in the facet panel, --view).
      if !state.filterOrigin.isEmpty { state.promptLine.history[.filter] = state.filterOrigin }
    }
    if purpose == .search { send(search: .opened) }
  }

  /// A key typed into the open prompt. Enter with text is a jump from where the view was when the prompt opened
  /// (a search has moved it already as it was typed).
  func typeIntoPrompt(_ key: Key) {
    let outcome = state.promptLine.update(key)
    if case .submitted(let prompt) = outcome, !prompt.text.isEmpty { recordJump(from: state.promptJumpOrigin) }
    run(outcome.commands)
  }

  /// `&` typed: the catalogue narrows to the text's matches as it is typed (fzf), the focused box kept where the
  /// answer holds it; the source counts the matches, which a filter shows in any order (counted in the
  /// catalogue's own order, which has nothing to sort). An emptied prompt shows every item; a closed one counts
  /// nothing.
  func previewFilter(_ text: String?) {
    guard let text else { return state.filterPreview = nil }
    let pattern = ItemQuery(text)
    guard state.filterPreview?.pattern != pattern else { return }
    state.filterPreview = FilterPreview(pattern: pattern)
    // A word it cannot read (`price<abc`) is said in the hint; the grid stays as it was.
    guard pattern.problem == nil else { return }
    run(organiser.update(.filter(text)).commands)
    // The text's result already shown (typed back to it): counted now.
    if pendingQuery == nil { countFilterPreview() }
  }

  /// The `&` being typed, counted once its narrowed result is shown: by the result's own count when its first
  /// page brought one and the source is read whole (the column store's), else by a count of its own (a source
  /// that counts later, a server's table, a file still being read). One query a key where the page says it all.
  func countFilterPreview() {
    guard let preview = state.filterPreview, preview.count == nil, !preview.pattern.isEmpty,
      ItemQuery(presentation.query.filter?.pattern ?? "") == preview.pattern
    else { return }
    if let count = store.resultCount, reading.isComplete, !reading.readsOnDemand {
      state.filterPreview?.count = count
    } else {
      emit(.findMatches(MatchSearch(pattern: preview.pattern, query: CatalogueQuery(), purpose: .filterCount)))
    }
  }

  /// Esc in `&`, or Enter on a word the filter language cannot read (`problem`, said once the filter is shown):
  /// the filter as it was when the prompt opened, and the view back where it was once that is shown.
  func restoreFilter(refusing problem: String? = nil) {
    let changed = ItemQuery(organiser.latestQuery.filter?.pattern ?? "") != ItemQuery(state.filterOrigin)
    if changed { state.placeAfterQuery = state.promptJumpOrigin }
    if let problem {
      run(organiser.update(.keepFilter(state.filterOrigin, problem: problem)).commands)
    } else if changed {
      run(organiser.update(.filter(state.filterOrigin)).commands)
    }
  }

  /// The source counted a filter being typed; an answer for text typed over since is dropped.
  func filterCounted(_ search: MatchSearch, count: Int) {
    guard state.filterPreview?.pattern == search.pattern else { return }
    state.filterPreview?.count = count
  }
}
