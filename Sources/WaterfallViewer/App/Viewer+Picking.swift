/// `--pick`: the viewer as a chooser (``Picker``).
extension Viewer {
  /// A chooser's own keys come before the waterfall's (Space marks instead of paging).
  func pickingAction(for key: Key) -> Action? {
    options.picking == nil ? nil : KeyMap.action(for: key, in: KeyMap.picking)
  }

  /// Tab or Enter, on the item acted on; nothing without `--pick`.
  func pick(_ request: Picker.Request) {
    guard options.picking != nil else { return }
    run(state.picker.update(request, actedOn: focus.actedOn, store: store))
  }
}
