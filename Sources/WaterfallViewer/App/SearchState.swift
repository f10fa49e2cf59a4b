import ShopCatalog

/// An active search: the query, its matches in reading order (by top, then left), and which one is current.
public struct SearchState: Hashable, Sendable {
  public var query: ItemQuery
  /// Layout indices of the shown items that match, in reading order.
  public internal(set) var matches: [Int] = []
  /// The position in `matches` of the match the user is on.
  public internal(set) var current: Int?
  /// Ranks in the whole query result of every match, once the source has looked.
  public internal(set) var resultRanks: [Int]?
  /// The match beyond the loaded items that pages are being loaded through to.
  public internal(set) var loadingTo: LoadTarget?
  /// What `matches` was computed for; a change of layout or items recomputes it.
  var basis: Basis?
  /// Typed just now: when the source's answer finds no match among the loaded items, the view goes on to the
  /// first. After a sort, filter or sections the new order shows from its top instead, and `n` goes on from there.
  var seeksFirstMatch = true

  struct Basis: Hashable {
    var itemCount: Int
    var columnCount: Int
    var width: Int
    /// The result is laid out whole and the source said where every match is: all of them are in `matches`.
    var wholeResult: Bool
  }

  /// A match not loaded yet: its rank in the result and its place among all the matches.
  public struct LoadTarget: Hashable, Sendable {
    public var rank: Int
    public var ordinal: Int
  }

  public init(query: ItemQuery) {
    self.query = query
  }

  /// "match 2/17", "loading to match 3/17…", or "no match".
  public var statusText: String {
    let total = resultRanks?.count ?? matches.count
    if let loadingTo { return "loading to match \(loadingTo.ordinal + 1)/\(total)…" }
    guard total > 0 else { return "no match for \(query.pattern)" }
    return "match \((current ?? 0) + 1)/\(total)"
  }
}
