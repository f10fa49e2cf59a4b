import ShopCatalog

/// `--pick`: the viewer as a chooser, as fzf is one. Tab and Space mark items, Enter picks the marked ones (or
/// the focused one) and quits; what to print is the command line's business.
extension Viewer {
  /// A chooser's own keys come before the waterfall's (Space marks instead of paging).
  func pickingAction(for key: Key) -> Action? {
    options.picking == nil ? nil : KeyMap.action(for: key, in: KeyMap.picking)
  }

  /// Tab: marks the item acted on (focusing it: the box at the top of the view when none is), or unmarks it.
  func toggleMark() {
    guard options.picking != nil else { return }
    let index = focus.actedOn
    if let index { focusShowingTop(index) }
    carryOut(state.picker.update(.toggleMark(index.map { store.ids[$0] }, index.map { store.items[$0] })))
  }

  /// Enter: picks the marked items in dataset order, or the item acted on when none is marked, and quits.
  func acceptPicks() {
    guard options.picking != nil else { return }
    carryOut(state.picker.update(.accept(focus.actedOn.map { store.items[$0] })))
  }

  private func carryOut(_ outcome: Picker.Outcome) {
    switch outcome {
    case .done: break
    case .notice(let text): state.notice = text
    case .quit: perform(.quit)
    }
  }
}
