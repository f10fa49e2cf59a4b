import Foundation

/// The orders the waterfall can show items in (`--sort dataset|price|-price|title`).
///
/// Every order is stable: items that compare equal keep their dataset order. Prices compare by value
/// (`PriceValue`); an unreadable price goes last in both price orders. Titles compare folded (case, diacritics
/// and width ignored, no locale), digit runs by number (`item 2` before `item 10`), then by Unicode scalar:
/// Latin before CJK; an empty title goes last.
public enum ItemOrder: CaseIterable, Sendable {
  case dataset, priceAscending, priceDescending, title

  /// The name on the command line.
  public var sortName: String {
    switch self {
    case .dataset: "dataset"
    case .priceAscending: "price"
    case .priceDescending: "-price"
    case .title: "title"
    }
  }

  public init(sortName: String) throws(CatalogueQueryError) {
    guard let order = Self.allCases.first(where: { $0.sortName == sortName }) else {
      throw .unknownSortOrder(sortName)
    }
    self = order
  }

  /// The indices of `items` in this order.
  public func orderedIndices(_ items: [ShopItem]) -> [Int] {
    switch self {
    case .dataset:
      return Array(items.indices)
    case .priceAscending, .priceDescending:
      return orderedByPrice(items, descending: self == .priceDescending)
    case .title:
      var folding = SearchFolding()
      let keys = items.map { TitleSortKey($0.title, folding: &folding) }
      return items.indices.sorted { left, right in
        let comparison = TitleSortKey.compare(keys[left], keys[right])
        return comparison != 0 ? comparison < 0 : left < right
      }
    }
  }

  /// Sorts by a Double approximation (comparing Decimals is slow), then re-sorts the rare runs of equal Doubles
  /// whose exact values differ (prices alike in their first 15 or so digits).
  private func orderedByPrice(_ items: [ShopItem], descending: Bool) -> [Int] {
    let prices = items.map { PriceValue.parse($0.price) }
    let approximations = prices.map { $0.map { NSDecimalNumber(decimal: $0).doubleValue } }
    var order = items.indices.sorted { left, right in
      switch (approximations[left], approximations[right]) {
      case (let a?, let b?) where a != b: return descending ? a > b : a < b
      case (_?, nil): return true
      case (nil, _?): return false
      default: return left < right
      }
    }
    var runStart = 0
    while runStart < order.count, let approximation = approximations[order[runStart]] {
      var runEnd = runStart + 1
      while runEnd < order.count && approximations[order[runEnd]] == approximation { runEnd += 1 }
      let exact = prices[order[runStart]]!
      if order[runStart..<runEnd].contains(where: { prices[$0]! != exact }) {
        order[runStart..<runEnd].sort { Self.precedes(prices[$0]!, $0, prices[$1]!, $1, descending: descending) }
      }
      runStart = runEnd
    }
    return order
  }

  /// Whether the item with price `a` at index `left` goes before the one with `b` at `right`: by value, ties in
  /// catalogue order.
  static func precedes<Index: Comparable>(
    _ a: Decimal, _ left: Index, _ b: Decimal, _ right: Index, descending: Bool
  ) -> Bool {
    if a != b { return descending ? a > b : a < b }
    return left < right
  }
}
