import ShopCatalog

/// `&` as it is typed: the text's matches in the whole catalogue, counted by the source before Enter shows them.
struct FilterPreview: Hashable {
  var pattern: ItemQuery
  /// `nil` until the source has counted.
  var count: Int?

  /// "12,345 of 1,000,000 match", "searching… (reading 38%)", or what Enter does with no text.
  func hint(reading: ReadingProgress) -> String {
    guard !pattern.isEmpty else { return "Enter shows every item" }
    guard let count else { return SearchState.searchingText(reading) }
    guard count > 0 else { return "no match" }
    return "\(count.grouped)\(reading.total.map { " of \($0.grouped)" } ?? "") match"
  }
}

/// What each prompt shows at the bar's right end while it is typed (``StatusLine/promptHint``).
enum PromptHints {
  static func hint(
    for prompt: Prompt, search: SearchState?, filter: FilterPreview?, store: ItemStore, reading: ReadingProgress
  ) -> String? {
    switch prompt.purpose {
    case .search: return prompt.text.isEmpty ? nil : search?.promptText(reading: reading)
    case .filter: return filter?.hint(reading: reading) ?? FilterPreview(pattern: ItemQuery("")).hint(reading: reading)
    case .goToItem: return goToHint(prompt.text, store: store, reading: reading)
    }
  }

  /// `:`'s range (`go to item # (1–180)`), and as digits are typed the item they name: its title when it is
  /// loaded, or that there is no such item.
  static func goToHint(_ text: String, store: ItemStore, reading: ReadingProgress) -> String {
    let last = reading.total
    let range = last.map { " (1\u{2013}\($0.grouped))" } ?? ""
    let trimmed = text.trimmingCharacters(in: " #")
    guard let number = Int(trimmed) else { return "go to item #" + range }
    if number < 1 || last.map({ number > $0 }) == true { return "no item #\(trimmed)" + range }
    // In the catalogue's own order item #N is at rank N-1: no scan of a million ranks on every key.
    let (item, rank) = (ItemID(number: number), number - 1)
    guard rank < store.count, store.ids.isLoaded(rank), store.ids[rank] == item else {
      return "#\(number): Enter goes to it"
    }
    return "#\(number) \(store.items[rank].title)"
  }
}
