import ShopCatalog
import WaterfallKit

/// An active search: the query, its matches in reading order (by top, then left), and which one is current.
public struct SearchState: Hashable, Sendable {
  public var query: ItemQuery
  /// Layout indices of the shown items that match, in reading order.
  public internal(set) var matches: [Int] = []
  /// The position in `matches` of the match the user is on.
  public internal(set) var current: Int?
  /// Ranks in the whole query result of every match, once the source has looked.
  public internal(set) var resultRanks: [Int]?
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

  /// "match 2/17", "loading to match 3/17…" (while pages load through to `loadingTo`), "no match" once the
  /// source has looked, else "searching…": no match among the loaded items is no answer yet.
  public func statusText(loadingTo: LoadTarget?, reading: ReadingProgress) -> String {
    let total = resultRanks?.count ?? matches.count
    if let loadingTo { return "loading to match \(loadingTo.ordinal + 1)/\(total)…" }
    guard total > 0 else {
      return resultRanks == nil ? Self.searchingText(reading) : "no match for \(query.pattern)"
    }
    return "match \((current ?? 0) + 1)/\(total)"
  }

  /// What the search prompt shows beside the text as it is typed: "3 of 17,725" once the source has counted the
  /// matches (the loaded ones' count with a + before that), "no match", or "searching… (reading 38%)".
  public func promptText(reading: ReadingProgress) -> String {
    if let ranks = resultRanks {
      guard !ranks.isEmpty else { return "no match" }
      return current.map { "\(($0 + 1).grouped) of \(ranks.count.grouped)" } ?? "\(ranks.count.grouped) matches"
    }
    guard !matches.isEmpty else { return Self.searchingText(reading) }
    return "\(((current ?? 0) + 1).grouped) of \(matches.count.grouped)+ \u{2026}"
  }

  /// "searching…", and how far the source has read while it reads: the match may not be read yet.
  static func searchingText(_ reading: ReadingProgress) -> String {
    guard !reading.isComplete else { return "searching\u{2026}" }
    return "searching\u{2026} (reading \(reading.isSizeKnown ? "\(Int(reading.fraction * 100))%" : "on"))"
  }
}

extension Int {
  /// 17725 as "17,725": counts read at a glance.
  var grouped: String {
    let digits = String(magnitude)
    var text = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return self < 0 ? "-" + text : text
  }
}

extension SearchState {
  /// Recomputes the loaded matches for `basis`, unless they were computed for it: the layout indices `matching`
  /// gives, in the reading order of their frames in `layout` (by top, then left). A current match past the new
  /// end is let go.
  mutating func refresh(for basis: Basis, layout: WaterfallLayout, matching: () -> [Int]) {
    guard self.basis != basis else { return }
    // Each frame looked up once: a whole result's matches may be 10^6.
    matches = matching().map { (layout.frame(of: $0), $0) }.sorted { ($0.0.y, $0.0.x) < ($1.0.y, $1.0.x) }.map(\.1)
    current = current.flatMap { $0 < matches.count ? $0 : nil }
    self.basis = basis
  }

  /// Makes the match at `position` current, taken round the list; returns its layout index and whether it went
  /// round (nil: no match).
  mutating func select(_ position: Int) -> (index: Int, wrapped: Bool)? {
    guard !matches.isEmpty else { return nil }
    let count = matches.count
    let target = (position % count + count) % count
    current = target
    return (matches[target], target != position)
  }
}
