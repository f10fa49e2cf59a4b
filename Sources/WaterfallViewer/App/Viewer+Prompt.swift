import ShopCatalog

/// The prompt in the status bar (`:`, `/`, `&`): the ``PromptLine`` part edits it; the root hands what it did to
/// the part it concerns.
extension Viewer {
  /// Opens a prompt, remembering where the view is so that Esc can go back.
  func openPrompt(_ purpose: Prompt.Purpose) {
    state.promptLine.open(purpose, origin: (waterfall.contentOffset, state.keyboardFocus))
    state.promptJumpOrigin = currentPlace
    if purpose == .search { send(search: .opened) }
  }

  /// A key typed into the open prompt. Enter with text is a jump from where the view was when the prompt opened
  /// (a search has moved it already as it was typed).
  func typeIntoPrompt(_ key: Key) {
    let outcome = state.promptLine.update(key)
    if case .submitted(let prompt) = outcome, !prompt.text.isEmpty { recordJump(from: state.promptJumpOrigin) }
    run(outcome.commands)
  }

  /// `&` typed: the source counts the text's matches, which a filter shows in any order (counted in the
  /// catalogue's own order, which has nothing to sort). An emptied or closed prompt counts nothing.
  func previewFilter(_ text: String?) {
    guard let text else { return state.filterPreview = nil }
    let pattern = ItemQuery(text)
    guard state.filterPreview?.pattern != pattern else { return }
    state.filterPreview = FilterPreview(pattern: pattern)
    guard !pattern.isEmpty else { return }
    emit(.findMatches(MatchSearch(pattern: pattern, query: CatalogueQuery(), purpose: .filterCount)))
  }

  /// The source counted a filter being typed; an answer for text typed over since is dropped.
  func filterCounted(_ found: FoundMatches) {
    guard state.filterPreview?.pattern == found.search.pattern else { return }
    state.filterPreview?.count = found.ranks.count
  }
}
