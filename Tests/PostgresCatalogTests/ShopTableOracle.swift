import Foundation
import ShopCatalog

/// A shop table's documented server rules (docs/sources.md, "A shop's own table") worked out by brute force over
/// the rows `PostgresForeignTableTests.products` made (id = index + 1): the result's ids, in order, and its sections.
/// The title order is the server's collation's, so it is asked of psql once.
struct ShopTableOracle {
  let items: [ShopItem]
  /// Each item's index in the server's title order.
  let titleRank: [Int: Int]

  init(items: [ShopItem], address: String) throws {
    self.items = items
    let ids = try TestServer.psql(address, "SELECT id FROM products ORDER BY coalesce(name::text, ''), id")
      .split(whereSeparator: \.isNewline).compactMap { Int($0) }
    titleRank = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($0.element - 1, $0.offset) })
  }

  /// A text price's first number, commas as thousands' separators; +∞ without one.
  static func priceValue(_ price: String) -> Double {
    guard let found = price.range(of: "[0-9][0-9,]{0,40}([.][0-9]{1,20})?", options: .regularExpression) else {
      return .infinity
    }
    return Double(price[found].replacingOccurrences(of: ",", with: "")) ?? .infinity
  }

  func sortKey(_ index: Int, _ order: ItemOrder) -> Double {
    switch order {
    case .dataset: Double(index)
    case .priceAscending: Self.priceValue(items[index].price)
    case .priceDescending:
      Self.priceValue(items[index].price) == .infinity ? .infinity : -Self.priceValue(items[index].price)
    case .title: Double(titleRank[index]!)
    }
  }

  /// Every free word of the pattern, lower-cased, in the lower-cased title, shop or price, none across two of
  /// them; no word turned round there; every condition met by the field's lower-cased text or its first number
  /// (a blank field has no value).
  func matches(_ pattern: ItemQuery?, _ index: Int) -> Bool {
    guard let pattern else { return true }
    let item = items[index]
    let fields = [item.title, item.shop, item.price].map { $0.lowercased() }
    let held = { (word: String) in fields.contains { $0.contains(word.lowercased()) } }
    return pattern.plainWords.allSatisfy(held) && !pattern.plainExcludedWords.contains(where: held)
      && pattern.conditions.allSatisfy { condition in
        let value = condition.field.value(of: item)
        let met = condition.alternatives.contains { alternative in
          switch alternative.test {
          case .holds: value.map { $0.lowercased().contains(alternative.typedValue.lowercased()) } ?? false
          case .equals: value.map { $0.lowercased() == alternative.typedValue.lowercased() } ?? false
          case .number(let range):
            (condition.field == .price ? Self.priceValue(item.price) : value.map(Self.priceValue))
              .map { $0 < .infinity && range.contains($0) } ?? false
          }
        }
        return met != condition.isNegated
      }
  }

  /// The result's item ids in order and its sections as `PostgresQueryTests.sections` writes them.
  func result(_ query: CatalogueQuery) -> (ids: [Int], sections: [String]) {
    let ordered = items.indices.filter { matches(query.filter, $0) }.sorted {
      (sortKey($0, query.order), $0) < (sortKey($1, query.order), $1)
    }
    guard let grouping = query.grouping else { return (ordered, []) }
    var values: [String?] = []
    var members: [String?: [Int]] = [:]
    for index in ordered {
      let value = grouping.value(of: items[index])
      if members[value] == nil { values.append(value) }
      members[value, default: []].append(index)
    }
    values.sort { $0 != nil && $1 == nil }
    return (
      values.flatMap { members[$0]! },
      values.map { "\($0 ?? "(no \(grouping.name))") \(members[$0]!.count)" }
    )
  }

  /// The ranks in `query`'s result of the items that match `pattern`.
  func ranks(of pattern: String, in query: CatalogueQuery) -> [Int] {
    result(query).ids.enumerated().filter { matches(ItemQuery(pattern), $0.element) }.map(\.offset)
  }
}
