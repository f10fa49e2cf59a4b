import ShopCatalog
import TestSupport
import Testing

/// A search typed on looks for its matches among the last answer's (`zy` after `z`); a pattern that is not a
/// narrowing of the last (a term taken back, terms split apart) scans every item again. Either way the answer must
/// be the oracle's: every item matched one by one, in the query's order.
@Suite("A search typed on: its matches found among the last's")
struct NarrowedSearchTests {
  static let syllables = ["ka", "zu", "mi", "ro", "té", "ＳＡ", "ne", "ø", "yo", "商", "品", "lu"]

  static func catalogue(seed: UInt64) -> (items: [ShopItem], catalogue: ItemCatalogue) {
    var random = SeededGenerator(seed: seed)
    let items = (0..<640).map { index in
      let words = (0..<random.next(in: 1...3)).map { _ in
        (0..<random.next(in: 1...4)).map { _ in syllables.randomElement(using: &random)! }.joined()
      }
      return ShopItem(
        width: 100, height: 100, price: "¥\(random.next(in: 1...999))", title: words.joined(separator: " "),
        shop: "shop \(index % 7)")
    }
    return (items, ItemCatalogue(items: items, pageSize: 50))
  }

  static func expected(_ pattern: String, _ items: [ShopItem], order: ItemOrder) -> [Int] {
    let ordered = order.orderedIndices(items)
    return ordered.indices.filter { ItemQuery(pattern).matches(items[ordered[$0]]) }
  }

  @Test(
    "typing an item's title key by key, then taking keys back and splitting terms, matches the oracle at every key",
    arguments: [1, 2, 3] as [UInt64])
  func typedOn(seed: UInt64) {
    let (items, catalogue) = Self.catalogue(seed: seed)
    var random = SeededGenerator(seed: seed &* 31)
    var narrowed = 0
    for order in [ItemOrder.dataset, .priceAscending] {
      let query = CatalogueQuery(order: order)
      for _ in 0..<6 {
        let title = Array(items.randomElement(using: &random)!.title)
        // Typed on, then taken back a key at a time, then the same keys with a space put in.
        var patterns = (1...title.count).map { String(title[..<$0]) }
        patterns += patterns.reversed().dropFirst()
        let cut = random.next(in: 0...title.count)
        patterns += [String(title[..<cut]) + " " + String(title[cut...]), String(title[cut...])]
        for pattern in patterns {
          let answer = catalogue.findMatches(of: ItemQuery(pattern), in: query)
          #expect(answer == Self.expected(pattern, items, order: order), "\(pattern) \(order) seed \(seed)")
          if !answer.isEmpty && answer.count <= items.count / 16 { narrowed += 1 }
        }
      }
    }
    // The answers few enough to be narrowed from: the path the test is about was taken.
    #expect(narrowed > 20)
  }

  @Test("terms split apart or a term taken back are not narrowings: every item is looked at again")
  func broaderPatterns() {
    let titles = ["ab", "a b", "b a", "ba", "abc"] + Array(repeating: "x", count: 200)
    let items = titles.map { ShopItem(width: 1, height: 1, price: "¥1", title: $0) }
    let catalogue = ItemCatalogue(items: items, pageSize: 10)
    // After "ab" (2 matches), "a b" also matches "a b", "b a" and "ba", which "ab" did not.
    for pattern in ["abc", "ab", "a b", "ab", "b a", "ba", "a", "abc"] {
      let answer = catalogue.findMatches(of: ItemQuery(pattern), in: CatalogueQuery())
      #expect(answer == Self.expected(pattern, items, order: .dataset), "\(pattern)")
    }
  }

  @Test("a space typed is the same query, its answer kept; other words, or the same in another order, are not")
  func sameWords() {
    #expect(ItemQuery("item ") == ItemQuery("item") && ItemQuery(" a  b") == ItemQuery("a b"))
    #expect(ItemQuery("item ").hashValue == ItemQuery("item").hashValue)
    #expect(ItemQuery("b a") != ItemQuery("a b"), "other words in another order")
    #expect(ItemQuery("ａ") != ItemQuery("a"), "the same terms folded, but a server may be asked the words")
    let (items, catalogue) = Self.catalogue(seed: 3)
    let catalogueQuery = CatalogueQuery(order: .title)
    let answer = catalogue.findMatches(of: ItemQuery("ka"), in: catalogueQuery)
    #expect(catalogue.findMatches(of: ItemQuery("ka "), in: catalogueQuery) == answer)
    #expect(answer == Self.expected("ka", items, order: .title))
  }
}
