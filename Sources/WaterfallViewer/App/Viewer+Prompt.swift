import ShopCatalog

extension Viewer {
  /// Keys while a prompt is open: the ``PromptLine`` part edits it; the viewer acts on the text.
  func handlePromptKey(_ key: Key) { handlePromptOutcome(state.promptLine.update(key)) }

  /// What a key or a paste did to the prompt, acted on.
  func handlePromptOutcome(_ outcome: PromptLine.Outcome) {
    switch outcome {
    case .unchanged: break
    case .changed(let prompt): promptChanged(prompt)
    case .cancelled(let prompt): cancelPrompt(prompt)
    case .submitted(let prompt): submit(prompt)
    case .redrawAll: emit(.redrawAll)
    }
  }

  private func submit(_ prompt: Prompt) {
    switch prompt.purpose {
    case .goToItem: goToItem(prompt.text)
    case .search: if prompt.text.isEmpty { state.search = nil }
    case .filter: organise(.filter(prompt.text))
    }
  }

  /// `:N`: focus item #N (its number in the catalogue, whatever the order) and scroll it into view; one not
  /// loaded yet is looked for in the whole result and loaded through to.
  private func goToItem(_ text: String) {
    let trimmed = text.trimmingCharacters(in: " #")
    guard let number = Int(trimmed), number >= 1 else {
      if !trimmed.isEmpty {
        state.notice = "no item #\(TextSanitizer.sanitize(trimmed, limit: 20)): items count from 1"
      }
      return
    }
    let item = ItemID(number: number)
    if let index = store.ids.firstIndex(of: item) {
      focusBox(index)
      return
    }
    if state.rankLoader.place != nil { state.rankLoader.drop() }
    emit(.locateItem(ItemLocation(item: item, query: pendingQuery?.query ?? presentation.query)))
  }
}

extension String {
  /// The string without the given characters at either end.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    var text = Substring(self)
    while let first = text.first, characters.contains(first) { text.removeFirst() }
    while let last = text.last, characters.contains(last) { text.removeLast() }
    return String(text)
  }
}
