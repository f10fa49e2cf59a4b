import ShopCatalog

extension Viewer {
  /// Keys while a prompt is open: text goes into it; Backspace, Ctrl-U, Esc and Enter edit, cancel and submit.
  func handlePromptKey(_ key: Key) {
    guard var prompt = state.prompt else { return }
    switch key {
    case .character(let character):
      if prompt.text.count < 200 { prompt.text.append(character) }
    case .backspace:
      if !prompt.text.isEmpty { prompt.text.removeLast() }
    case .control("u"):
      prompt.text = ""
    case .up:
      if let previous = state.promptHistory[prompt.purpose] { prompt.text = previous }
    case .escape:
      state.prompt = nil
      return cancelPrompt(prompt)
    case .enter:
      state.prompt = nil
      return submit(prompt)
    case .control("l"):
      emit(.redrawAll)
    default:
      break
    }
    let changed = prompt.text != state.prompt?.text
    state.prompt = prompt
    if changed { promptChanged(prompt) }
  }

  private func submit(_ prompt: Prompt) {
    if !prompt.text.isEmpty { state.promptHistory[prompt.purpose] = prompt.text }
    switch prompt.purpose {
    case .goToItem: goToItem(prompt.text)
    case .search: if prompt.text.isEmpty { state.search = nil }
    case .filter: submitFilter(prompt.text)
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
      state.focusedIndex = index
      reveal(index)
      return
    }
    state.loadingToPlace = nil
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
