import Foundation
import ShopCatalog
import TestSupport
import Testing

@Suite("Sorting: dataset, price either way, title")
struct ItemOrderTests {
  static func items(prices: [String]) -> [ShopItem] {
    prices.map { ShopItem(width: 200, height: 300, price: $0) }
  }

  static func items(titles: [String]) -> [ShopItem] {
    titles.map { ShopItem(width: 200, height: 300, price: "¥1", title: $0) }
  }

  @Test("--sort names, and a clear error for anything else")
  func sortNames() throws {
    #expect(try ["dataset", "price", "-price", "title"].map { try ItemOrder(sortName: $0) } == ItemOrder.allCases)
    #expect(ItemOrder.allCases.map(\.sortName) == ["dataset", "price", "-price", "title"])
    #expect(throws: CatalogueQueryError.unknownSortOrder("cost")) { try ItemOrder(sortName: "cost") }
    #expect(
      CatalogueQueryError.unknownSortOrder("Price").description
        == "unknown sort order \"Price\": use dataset, price, -price or title")
  }

  @Test("prices by value across notations; unreadable last both ways; ties keep dataset order")
  func prices() {
    let items = Self.items(prices: ["¥1,050", "free", "88", "US$1,299.99", "€1.234,56", "12.5元", "¥88", "¥99-199", ""])
    #expect(ItemOrder.priceAscending.orderedIndices(items) == [5, 2, 6, 7, 0, 4, 3, 1, 8])
    #expect(ItemOrder.priceDescending.orderedIndices(items) == [3, 4, 0, 7, 2, 6, 5, 1, 8])
    #expect(ItemOrder.dataset.orderedIndices(items) == Array(0..<9))
  }

  /// The oracle: insertion sort, comparing exact Decimals.
  static func priceOracle(_ items: [ShopItem], descending: Bool) -> [Int] {
    let prices = items.map { PriceValue.parse($0.price) }
    func before(_ left: Int, _ right: Int) -> Bool {
      switch (prices[left], prices[right]) {
      case (nil, nil): return left < right
      case (nil, _): return false
      case (_, nil): return true
      case (let a?, let b?): return a == b ? left < right : (descending ? a > b : a < b)
      }
    }
    var order: [Int] = []
    for index in items.indices {
      let position = order.firstIndex { before(index, $0) } ?? order.count
      order.insert(index, at: position)
    }
    return order
  }

  @Test("price orders match a brute-force oracle on random prices, long ones included")
  func priceOracle() {
    var random = SeededGenerator(seed: 21)
    let pool = [
      "¥169", "169", "¥1,050", "1050元", "€1.050,00", "free", "", "¥99-199", "99", "0", "¥0.5", "12,5", "12.50",
      "1000000000000000001", "1000000000000000002", "1,000,000,000,000,000,001", "abc", "¥-3",
    ]
    for _ in 0..<200 {
      let items = Self.items(
        prices: (0..<Int.random(in: 0...40, using: &random)).map { _ in
          Bool.random(using: &random)
            ? pool.randomElement(using: &random)! : "¥\(Int.random(in: 0...50, using: &random))"
        })
      for descending in [false, true] {
        let order = descending ? ItemOrder.priceDescending : .priceAscending
        #expect(order.orderedIndices(items) == Self.priceOracle(items, descending: descending), "\(items.map(\.price))")
      }
    }
  }

  @Test("titles: case and accents folded, numbers by value, Latin before CJK, empty last, ties stable")
  func titles() {
    let titles = ["item 10", "Éclair", "羊毛衫", "", "apple", "item 2", "eclair", "Apple", "  banana", "item 02", "ZEBRA"]
    let order = ItemOrder.title.orderedIndices(Self.items(titles: titles))
    #expect(
      order.map { titles[$0] }
        == ["apple", "Apple", "  banana", "Éclair", "eclair", "item 2", "item 02", "item 10", "ZEBRA", "羊毛衫", ""])
  }

  @Test("title order matches a brute-force oracle on random titles without digits")
  func titleOracle() {
    var random = SeededGenerator(seed: 22)
    let alphabet = ["a", "B", "é", "E", "ü", "Ｚ", "z", " ", "羊", "毛", "ñ", "-", "\u{200B}"]
    for _ in 0..<200 {
      let titles = (0..<Int.random(in: 0...25, using: &random)).map { _ in
        (0..<Int.random(in: 0...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
      }
      let keys = titles.map { title in
        Array(SearchTests.naiveFold(title).trimmingCharacters(in: .whitespaces).unicodeScalars.map(\.value))
      }
      let expected = titles.indices.sorted { left, right in
        let (a, b) = (keys[left], keys[right])
        if a == b { return left < right }
        if a.isEmpty || b.isEmpty { return b.isEmpty }
        return a.lexicographicallyPrecedes(b)
      }
      #expect(ItemOrder.title.orderedIndices(Self.items(titles: titles)) == expected, "\(titles)")
    }
  }
}
