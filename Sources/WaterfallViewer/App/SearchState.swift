import ShopCatalog

/// An active search: the query, its matches in reading order (by top, then left), and which one is current.
public struct SearchState: Hashable, Sendable {
  public var query: ItemQuery
  /// Layout indices of the shown items that match, in reading order.
  public internal(set) var matches: [Int] = []
  /// The position in `matches` of the match the user is on.
  public internal(set) var current: Int?
  /// What `matches` was computed for; a change of layout or items recomputes it.
  var basis: Basis?

  struct Basis: Hashable {
    var itemCount: Int
    var columnCount: Int
    var width: Int
    var presentationCount: Int
  }

  public init(query: ItemQuery) {
    self.query = query
  }

  /// "match 2/17", or "no match".
  public var statusText: String {
    guard !matches.isEmpty else { return "no match for \(query.pattern)" }
    return "match \((current ?? 0) + 1)/\(matches.count)"
  }
}
