import ShopCatalog

/// `&` as it is typed: the text's matches in the whole catalogue, counted by the source before Enter shows them.
struct FilterPreview: Hashable {
  var pattern: ItemQuery
  /// `nil` until the source has counted.
  var count: Int?

  /// "12,345 of 1,000,000 match", "searching… (reading 38%)", the word the filter language cannot read, or with
  /// no text its forms and what Enter does.
  func hint(reading: ReadingProgress) -> String {
    if let problem = pattern.problem { return problem }
    guard !pattern.isEmpty else { return "price<200 shop:NAME -word \u{B7} Enter shows every item" }
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
    case .search:
      if let problem = ItemQuery(prompt.text).problem { return problem }
      return prompt.text.isEmpty ? nil : search?.promptText(reading: reading)
    case .filter:
      let preview = filter ?? FilterPreview(pattern: ItemQuery(""))
      if preview.count == 0, let missing = fieldNoItemHas(preview.pattern, store: store) { return missing }
      return preview.hint(reading: reading)
    case .goToItem: return goToHint(prompt.text, store: store, reading: reading)
    }
  }

  /// Why a filter matches nothing when it names a field no loaded item has (`colour:red` where the items have
  /// `color`): "no item loaded has colour (fields: shop, price, title, color)".
  static func fieldNoItemHas(_ pattern: ItemQuery, store: ItemStore) -> String? {
    let named = pattern.conditions.compactMap { condition -> String? in
      if case .extra(let key) = condition.field, !condition.isNegated { return key }
      return nil
    }
    guard !named.isEmpty else { return nil }
    guard let missing = named.first(where: { !store.extraKeysSeen.contains($0) }) else { return nil }
    let fields = ["shop", "price", "title"] + store.extraKeysSeen.sorted()
    let names = fields.map { TextSanitizer.sanitize($0, limit: 40) }.joined(separator: ", ")
    return "no item loaded has \(TextSanitizer.sanitize(missing, limit: 40)) (fields: \(names))"
  }

  /// `:`'s range (`go to item # (1–180)`), and as digits are typed the item they name: its title when it is
  /// loaded, that it is not in the result (all of it loaded), or that there is no such item.
  static func goToHint(_ text: String, store: ItemStore, reading: ReadingProgress) -> String {
    let last = reading.total
    let range = last.map { " (1\u{2013}\($0.grouped))" } ?? ""
    let item: ItemID
    switch GoToText(text) {
    case .empty: return "go to item #" + range
    case .notANumber: return "not an item number" + range
    case .belowOne(let shown): return "no item #\(shown)" + range
    case .item(let named): item = named
    }
    let number = item.number
    if last.map({ number > $0 }) == true { return "no item #\(number)" + range }
    guard let rank = rank(of: item, in: store) else {
      let allLoaded = store.isAtEnd && store.measuredPages == nil
      return allLoaded ? "no item #\(number) in this result" : "#\(number): Enter goes to it"
    }
    return "#\(number) \(store.items[rank].title)"
  }

  /// Where item `item` is among the loaded ones: in the catalogue's own order item #N is at rank N-1, found at
  /// once; another order or a filter is looked through when it holds no more than ``ranksLookedThrough``.
  static func rank(of item: ItemID, in store: ItemStore) -> Int? {
    let own = item.rawValue
    if own >= 0, own < store.count, store.ids.isLoaded(own), store.ids[own] == item { return own }
    guard store.count <= ranksLookedThrough else { return nil }
    return store.ids.firstIndex(of: item)
  }

  /// A key's look through the loaded items stays well inside a frame.
  static let ranksLookedThrough = 100_000
}
