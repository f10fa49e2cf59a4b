/// The prompt in the status bar (`:`, `/`, `&`): the ``PromptLine`` part edits it; the root hands what it did to
/// the part it concerns.
extension Viewer {
  /// Opens a prompt, remembering where the view is so that Esc can go back.
  func openPrompt(_ purpose: Prompt.Purpose) {
    state.promptLine.open(purpose, origin: (waterfall.contentOffset, state.keyboardFocus))
    if purpose == .search { send(search: .opened) }
  }

  /// What a key or a paste did to the prompt, acted on.
  func handlePromptOutcome(_ outcome: PromptLine.Outcome) {
    switch outcome {
    case .unchanged: break
    case .changed(let prompt): send(search: .typed(prompt))
    case .cancelled(let prompt): send(search: .cancelled(prompt))
    case .submitted(let prompt):
      switch prompt.purpose {
      case .goToItem: send(jumps: .goToItem(prompt.text))
      case .search: send(search: .submitted(prompt))
      case .filter: organise(.filter(prompt.text))
      }
    case .redrawAll: emit(.redrawAll)
    }
  }
}
