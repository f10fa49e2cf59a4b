import Foundation
import ShopCatalog
import TestSupport
import Testing

@Suite("Search and filter: folded matching and match ranges")
struct SearchTests {
  static func item(_ title: String, shop: String = "", price: String = "¥1", extra: [ExtraField] = []) -> ShopItem {
    ShopItem(width: 200, height: 300, price: price, title: title, shop: shop, extraFields: extra)
  }

  @Test("Chinese typed through an input method matches inside a title")
  func chinese() {
    let items = [Self.item("新品 羊毛衫 cream"), Self.item("羊绒 scarf"), Self.item("wool 毛衣")]
    #expect(SearchIndex(items).matchingIndices(for: "羊毛") == [0])
    #expect(SearchIndex(items).matchingIndices(for: "毛") == [0, 2])
    #expect(ItemQuery("羊毛").matchRanges(in: items[0].title).map { String(items[0].title[$0]) } == ["羊毛"])
  }

  @Test("case, diacritics and width are ignored, both ways")
  func folding() {
    let items = [Self.item("Café Crème"), Self.item("cafe creme"), Self.item("ＡＢＣ bag"), Self.item("Cafe\u{301}")]
    let index = SearchIndex(items)
    #expect(index.matchingIndices(for: "cafe") == [0, 1, 3])
    #expect(index.matchingIndices(for: "CAFÉ") == [0, 1, 3])
    #expect(index.matchingIndices(for: "crème") == [0, 1])
    #expect(index.matchingIndices(for: "abc") == [2])
    #expect(ItemQuery("strasse").matches(Self.item("Straße")) && ItemQuery("STRAẞE").matches(Self.item("strasse")))
    #expect(ItemQuery("１６９").matches(Self.item("", price: "¥169")), "fullwidth digits")
    #expect(ItemQuery("wool　scarf").matches(Self.item("scarf of wool")), "an ideographic space separates terms")
    #expect(index.matchingIndices(for: "ａｂｃ BAG") == [2])
    #expect(ItemQuery("e").matchCharacterRanges(in: "Cafe\u{301}!") == [3..<4], "the accent stays with its letter")
  }

  @Test("title, shop, price and extra field values are searched; terms must all match; blank matches all")
  func fields() {
    let items = [
      Self.item("Scarf", shop: "Nordic Wool", price: "¥169"),
      Self.item("Coat", shop: "城市", price: "US$1,299.99", extra: [ExtraField(key: "colour", value: "Olive")]),
      Self.item("Olive scarf"),
    ]
    let index = SearchIndex(items)
    #expect(index.matchingIndices(for: "wool") == [0])
    #expect(index.matchingIndices(for: "169") == [0])
    #expect(index.matchingIndices(for: "1,299") == [1])
    #expect(index.matchingIndices(for: "olive") == [1, 2])
    #expect(index.matchingIndices(for: "colour") == [], "keys are not searched")
    #expect(index.matchingIndices(for: "olive scarf") == [2])
    #expect(index.matchingIndices(for: "scarf olive") == [2])
    #expect(index.matchingIndices(for: "scarfwool") == [], "a term never spans two fields")
    #expect(index.matchingIndices(for: "") == [0, 1, 2])
    #expect(index.matchingIndices(for: "  \t ") == [0, 1, 2])
    #expect(index.filter([2, 0, 1], by: ItemQuery("scarf")) == [2, 0], "the filter keeps the current order")
    #expect(items.map(ItemQuery("olive").matches) == [false, true, true])
  }

  @Test("match ranges in the displayed (sanitised) title: whole characters, merged")
  func displayRanges() {
    let query = ItemQuery("wool 羊")
    let shown = "Wool 羊毛 wool"
    let ranges = query.matchRanges(in: shown)
    #expect(ranges.map { String(shown[$0]) } == ["Wool", "羊", "wool"])
    #expect(query.matchCharacterRanges(in: shown) == [0..<4, 5..<6, 8..<12])
    #expect(ItemQuery("aa").matchCharacterRanges(in: "aaa-aa") == [0..<3, 4..<6], "overlapping matches merge")
    #expect(ItemQuery("羊毛").matchCharacterRanges(in: "羊\u{200B}毛") == [0..<3], "invisible characters in between")
    #expect(ItemQuery("").matchRanges(in: shown).isEmpty)
    #expect(ItemQuery("zzz").matchRanges(in: shown).isEmpty)
    #expect(ItemQuery("x").matchRanges(in: "").isEmpty)
  }

  @Test("an index appended page by page answers as one built at once")
  func pagedIndex() {
    var random = SeededGenerator(seed: 9)
    let items = (0..<500).map { _ in Self.item(Self.randomText(0...10, &random), shop: Self.randomText(0...3, &random))
    }
    var paged = SearchIndex()
    for start in stride(from: 0, to: items.count, by: 50) {
      paged.append(contentsOf: Array(items[start..<(start + 50)]))
    }
    let whole = SearchIndex(items)
    #expect(paged.count == 500 && whole.count == 500)
    for _ in 0..<50 {
      let query = ItemQuery(Self.randomText(1...2, &random))
      #expect(paged.matchingIndices(for: query) == whole.matchingIndices(for: query))
      #expect(items.indices.allSatisfy { paged.matches($0, query: query) == query.matches(items[$0]) })
    }
  }

  // MARK: - Against a brute-force oracle

  /// Each of these folds to one scalar (or none: the zero-width space), so the oracle can fold character by character.
  static let alphabet: [String] = [
    "a", "A", "b", "B", "e", "E", "é", "É", "e\u{301}", "ü", "Ü", "n", "ñ", "Ñ", "ａ", "Ｂ", "ｅ", "羊", "毛", "衣",
    " ", "1", "2", ",", "¥", "￥", "\u{200B}",
  ]

  /// The oracle's fold: Foundation's, one character at a time, format characters dropped.
  static func naiveFold(_ text: String) -> String {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    return String(String.UnicodeScalarView(folded.unicodeScalars.filter { $0.properties.generalCategory != .format }))
  }

  static func contains(_ haystack: String, _ needle: String) -> Bool {
    let (hay, pin) = (Array(haystack.utf8), Array(needle.utf8))
    if pin.isEmpty { return true }
    if pin.count > hay.count { return false }
    return (0...(hay.count - pin.count)).contains { Array(hay[$0..<($0 + pin.count)]) == pin }
  }

  static func randomText(_ length: ClosedRange<Int>, _ random: inout SeededGenerator) -> String {
    (0..<Int.random(in: length, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
  }

  @Test("matching agrees with a naive fold on random items and patterns")
  func matchingOracle() {
    var random = SeededGenerator(seed: 7)
    for _ in 0..<40 {
      let items = (0..<30).map { _ in
        Self.item(
          Self.randomText(0...12, &random), shop: Self.randomText(0...4, &random),
          price: Self.randomText(0...3, &random),
          extra: [ExtraField(key: "k", value: Self.randomText(0...3, &random))])
      }
      let index = SearchIndex(items)
      for _ in 0..<30 {
        let pattern = Self.randomText(0...3, &random)
        let terms = Self.naiveFold(pattern).split(separator: " ").map(String.init)
        let expected = items.indices.filter { index in
          let fields = [items[index].title, items[index].shop, items[index].price, items[index].extraFields[0].value]
          return terms.allSatisfy { term in fields.contains { Self.contains(Self.naiveFold($0), term) } }
        }
        #expect(index.matchingIndices(for: pattern) == expected, "\(pattern)")
        #expect(items.indices.filter { ItemQuery(pattern).matches(items[$0]) } == expected, "\(pattern)")
      }
    }
  }

  @Test("match ranges cover exactly the characters of every occurrence of every term")
  func rangeOracle() {
    var random = SeededGenerator(seed: 8)
    for _ in 0..<400 {
      let text = Self.randomText(0...14, &random)
      let pattern = Self.randomText(1...3, &random)
      let characters = text.map(String.init)
      let terms = Self.naiveFold(pattern).split(separator: " ").map(String.init)
      var covered = Set<Int>()
      for term in terms {
        for start in characters.indices where !Self.naiveFold(characters[start]).isEmpty {
          for end in start..<characters.count where !Self.naiveFold(characters[end]).isEmpty {
            if Self.naiveFold(characters[start...end].joined()) == term { covered.formUnion(start...end) }
          }
        }
      }
      let ranges = ItemQuery(pattern).matchCharacterRanges(in: text)
      #expect(Set(ranges.flatMap { Array($0) }) == covered, "\(text) / \(pattern)")
      #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "sorted and merged")
    }
  }
}
