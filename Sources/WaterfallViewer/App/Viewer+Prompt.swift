/// The prompt in the status bar (`:`, `/`, `&`): the ``PromptLine`` part edits it; the root hands what it did to
/// the part it concerns.
extension Viewer {
  /// Opens a prompt, remembering where the view is so that Esc can go back.
  func openPrompt(_ purpose: Prompt.Purpose) {
    state.promptLine.open(purpose, origin: (waterfall.contentOffset, state.keyboardFocus))
    if purpose == .search { send(search: .opened) }
  }
}
