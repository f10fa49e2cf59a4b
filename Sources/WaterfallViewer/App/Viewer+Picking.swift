import ShopCatalog

/// `--pick`: the viewer as a chooser, as fzf is one. Tab and Space mark items, Enter picks the marked ones (or
/// the focused one) and quits; what to print is the command line's business.
extension Viewer {
  /// A chooser's own keys come before the waterfall's (Space marks instead of paging).
  func pickingAction(for key: Key) -> Action? {
    options.picking == nil ? nil : KeyMap.action(for: key, in: KeyMap.picking)
  }

  /// Marks the focused item (focusing the box at the top of the view when none is), or unmarks it.
  func toggleMark() {
    guard let picking = options.picking else { return }
    guard let index = actedOnIndex else {
      state.notice = "nothing to mark"
      return
    }
    state.focusedIndex = index
    let id = store.ids[index]
    if state.marks.removeValue(forKey: id) != nil { return }
    if let limit = picking.limit, state.marks.count >= limit {
      state.notice = "at most \(limit) marked (--multi \(limit))"
      return
    }
    state.marks[id] = store.items[index]
  }

  /// Picks the marked items in dataset order, or the focused one when none is marked, and quits.
  func acceptPicks() {
    guard options.picking != nil else { return }
    if state.marks.isEmpty {
      guard let index = actedOnIndex else {
        state.notice = "nothing to pick"
        return
      }
      state.picked = [store.items[index]]
    } else {
      state.picked = state.marks.sorted { $0.key < $1.key }.map(\.value)
    }
    perform(.quit)
  }

  /// Whether the item at layout index `index` is marked.
  func isMarked(_ index: Int) -> Bool {
    !state.marks.isEmpty && state.marks[store.ids[index]] != nil
  }
}
