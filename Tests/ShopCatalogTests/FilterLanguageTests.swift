import ShopCatalog
import TestSupport
import Testing

/// The filter language of `&` and `/` (docs/guide.md, "The filter language"): free words, words turned round,
/// conditions on fields, and the words it cannot read named with why.
@Suite("The filter language")
struct FilterLanguageTests {
  static let items = [
    ShopItem(
      width: 1, height: 1, price: "¥99", title: "Wool coat", shop: "Alpha Atelier",
      extraFields: [
        ExtraField(key: "rating", value: "4.5"), ExtraField(key: "sold", value: "0"),
      ]),
    ShopItem(
      width: 1, height: 1, price: "¥1,299", title: "Silk dress", shop: "Gamma Goods",
      extraFields: [
        ExtraField(key: "rating", value: "3.9"), ExtraField(key: "sold", value: "10"),
      ]),
    ShopItem(width: 1, height: 1, price: "price on request", title: "Café table", shop: "Alpha Atelier"),
    ShopItem(
      width: 1, height: 1, price: "¥200", title: "Used coat", shop: "",
      extraFields: [
        ExtraField(key: "sold", value: "3")
      ]),
  ]

  /// The titles `pattern` keeps, in order.
  static func kept(_ pattern: String) -> [String] {
    items.filter { ItemQuery(pattern).matches($0) }.map(\.title)
  }

  @Test(
    "each form keeps the items it says",
    arguments: [
      ("price<200", ["Wool coat"]),
      ("price<=200", ["Wool coat", "Used coat"]),
      ("price>99", ["Silk dress", "Used coat"]),
      ("price>=1299", ["Silk dress"]),
      ("price=99", ["Wool coat"]),
      ("price:100..300", ["Used coat"]),
      ("price:..200", ["Wool coat", "Used coat"]),
      ("price:1000..", ["Silk dress"]),
      ("-price<200", ["Silk dress", "Café table", "Used coat"]),
      ("shop:alpha", ["Wool coat", "Café table"]),
      ("SHOP:ALPHA", ["Wool coat", "Café table"]),
      ("shop:\"alpha atelier\"", ["Wool coat", "Café table"]),
      ("-shop:alpha", ["Silk dress", "Used coat"]),
      ("rating>=4.5", ["Wool coat"]),
      ("rating:3..4", ["Silk dress"]),
      ("sold:0", ["Wool coat"]),
      ("-sold:0", ["Silk dress", "Café table", "Used coat"]),
      ("title:cafe", ["Café table"]),
      ("name:cafe", ["Café table"]),
      ("coat -used", ["Wool coat"]),
      ("-\"wool\"", ["Silk dress", "Café table", "Used coat"]),
      ("-\"used coat\"", ["Wool coat", "Silk dress", "Café table"]),
      ("coat price<150", ["Wool coat"]),
      ("colour:red", []),
      ("-colour:red", ["Wool coat", "Silk dress", "Café table", "Used coat"]),
      ("\"shop:alpha\"", []),
      ("12:30", []),
    ] as [(String, [String])])
  func forms(pattern: String, titles: [String]) {
    #expect(ItemQuery(pattern).problem == nil, "\(pattern)")
    #expect(Self.kept(pattern) == titles, "\(pattern)")
  }

  @Test(
    "a word it cannot read is named with why",
    arguments: [
      ("price<abc", "price<abc: not a number"),
      ("coat rating>=high", "rating>=high: not a number"),
      ("price:x..3", "price:x..3: x is not a number"),
      ("price:..", "price:..: a range needs a number"),
      ("price<", "price<: a value is missing after <"),
      ("price:300..100", "price:300..100: 300 is more than 100: nothing is between"),
      ("shop:", "shop:: a value is missing after :"),
    ])
  func problems(pattern: String, problem: String) {
    #expect(ItemQuery(pattern).problem == problem)
  }

  @Test("a word that only looks like a condition, or a lone minus, is a free word")
  func freeWords() {
    for pattern in ["12:30", "-", "\"shop:x\"", "\"-used\"", "1<2", ":x"] {
      let query = ItemQuery(pattern)
      #expect(query.conditions.isEmpty && query.problem == nil && query.isWordsOnly, "\(pattern)")
    }
    #expect(ItemQuery("-used").plainExcludedWords == ["used"] && !ItemQuery("-used").isWordsOnly)
  }

  @Test("the column store keeps what the pattern keeps, over random items and random patterns")
  func columnStoreAgrees() {
    var random = SeededGenerator(seed: 41)
    let prices = ["¥99", "99.00", "¥1,299", "¥99-199", "free", "", "¥7", "¥0.5", "12,5"]
    let words = ["coat", "Café", "silk", "item 7", "x", "-", "sold"]
    let fieldPatterns = [
      "price<100", "price>=99", "price:7..99", "-price<10", "shop:a", "-shop:b", "title:cafe", "rating>=3",
      "-rating:1..2", "sold:0", "colour:red", "-coat", "coat -x", "price=7", "-sold:0 coat",
    ]
    for round in 0..<20 {
      let items = (0..<Int.random(in: 0...150, using: &random)).map { _ in
        var extras: [ExtraField] = []
        if Bool.random(using: &random) {
          extras.append(ExtraField(key: "rating", value: "\(Int.random(in: 0...5, using: &random))"))
        }
        if Bool.random(using: &random) {
          extras.append(ExtraField(key: "sold", value: ["0", "10", "3", " "].randomElement(using: &random)!))
        }
        return ShopItem(
          width: 1, height: 1, price: prices.randomElement(using: &random)!,
          title: (0..<Int.random(in: 0...3, using: &random)).map { _ in words.randomElement(using: &random)! }
            .joined(separator: " "),
          shop: ["Shop A", "shop b", "", "  "].randomElement(using: &random)!, extraFields: extras)
      }
      let catalogue = ItemCatalogue(items: items, pageSize: 9)
      for pattern in fieldPatterns {
        let query = ItemQuery(pattern)
        let expected = items.indices.filter { query.matches(items[$0]) }
        #expect(catalogue.findMatches(of: query, in: CatalogueQuery()) == expected, "round \(round): \(pattern)")
        let shown = SourceWalk.pages(catalogue, CatalogueQuery(order: .priceAscending, filter: query)).pages
        #expect(
          Set(shown.flatMap(\.ids).map(\.rawValue)) == Set(expected) && shown.first?.resultCount == expected.count,
          "round \(round): \(pattern)")
      }
    }
  }
}
