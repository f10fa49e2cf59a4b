/// The folded search key of every item, built once, so a search per keystroke only scans bytes.
///
/// Keys live in one buffer (fields separated by a zero byte), so 100,000 items are a few megabytes scanned in
/// order. Append pages as they load; indices are positions in the order items were added (dataset order).
public struct SearchIndex: Sendable {
  private var keys: [UInt8] = []
  /// `keyStarts[i]..<keyStarts[i + 1]` is item i's key.
  private var keyStarts: [Int] = [0]
  /// The items themselves, for a pattern's conditions on fields (they share the pages' storage).
  private var items: [ShopItem] = []

  public init(_ items: [ShopItem] = []) {
    append(contentsOf: items)
  }

  public var count: Int { keyStarts.count - 1 }

  public mutating func append(contentsOf items: [ShopItem]) {
    var folding = SearchFolding()
    for item in items {
      ItemQuery.appendSearchKey(of: item, to: &keys, folding: &folding)
      keyStarts.append(keys.count)
    }
    self.items.append(contentsOf: items)
  }

  /// Whether item `index` matches `query`.
  public func matches(_ index: Int, query: ItemQuery) -> Bool {
    guard !query.isEmpty else { return true }
    var folding = SearchFolding()
    return query.matches(key: keys[keyStarts[index]..<keyStarts[index + 1]])
      && query.meetsConditions(items[index], folding: &folding)
  }

  /// The indices of the items that match `pattern`, in dataset order.
  public func matchingIndices(for pattern: String) -> [Int] {
    matchingIndices(for: ItemQuery(pattern))
  }

  public func matchingIndices(for query: ItemQuery) -> [Int] {
    filter(Array(0..<count), by: query)
  }

  /// Keeps the indices of `order` (the current order, say sorted) whose items match `query`, in that order:
  /// the filter that decides which items are laid out.
  public func filter(_ order: [Int], by query: ItemQuery) -> [Int] {
    if query.isEmpty { return order }
    return order.filter { matches($0, query: query) }
  }
}
