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
      ("shop=\"alpha atelier\"", ["Wool coat", "Café table"]),
      ("shop=alpha", []),
      ("shop=\"Alpha Atelier\"|\"Gamma Goods\"", ["Wool coat", "Silk dress", "Café table"]),
      ("-shop=\"gamma goods\"", ["Wool coat", "Café table", "Used coat"]),
      ("shop:alpha|gamma", ["Wool coat", "Silk dress", "Café table"]),
      ("title=\"cafe table\"", ["Café table"]),
      ("price:..<200", ["Wool coat"]),
      ("price:100..<200", []),
      ("price:..99|1000..", ["Wool coat", "Silk dress"]),
      ("sold=0|3", ["Wool coat", "Used coat"]),
      ("sold=\"0\"", ["Wool coat"]),
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
      ("shop:a|", "shop:a|: a value is missing after |"),
      ("shop=\"a b\"||x", "shop=\"a b\"||x: a value is missing after |"),
      ("price:5..<5", "price:5..<5: nothing is at least 5 and below 5"),
      ("price:1..<x", "price:1..<x: x is not a number"),
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
      "shop=\"shop a\"|\"Shop B\"", "-shop=\"shop a\"", "price:..<12|99..", "sold=0|3", "title=coat",
      "price=\"free\"",
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

  @Test("a facet's choices: chosen, let go and chosen again in one condition per field, the other words kept")
  func choices() {
    var pattern = "coat -used"
    pattern = FilterLanguage.toggling("\"Alpha Atelier\"", of: .shop, in: pattern)
    #expect(pattern == "coat -used shop=\"Alpha Atelier\"")
    pattern = FilterLanguage.toggling("\"Gamma Goods\"", of: .shop, in: pattern)
    #expect(pattern == "coat -used shop=\"Alpha Atelier\"|\"Gamma Goods\"")
    pattern = FilterLanguage.toggling("..<200", of: .price, in: pattern)
    #expect(Self.kept(pattern) == ["Wool coat"])
    #expect(
      FilterLanguage.chosen(for: .shop, in: pattern).map(\.test) == [
        .equals(Array("alpha atelier".utf8)), .equals(Array("gamma goods".utf8)),
      ])
    #expect(FilterLanguage.withoutChoice(of: .shop, in: pattern) == "coat -used price=..<200")
    // Let go of by what it is read as, however it was typed.
    pattern = FilterLanguage.toggling("\"alpha ATELIER\"", of: .shop, in: pattern)
    #expect(pattern == "coat -used shop=\"Gamma Goods\" price=..<200")
    pattern = FilterLanguage.toggling("\"Gamma Goods\"", of: .shop, in: pattern)
    #expect(pattern == "coat -used price=..<200")
    // A condition turned round or written with `:` is the user's, never the facet's.
    #expect(FilterLanguage.toggling("\"x\"", of: .shop, in: "-shop=\"x\" shop:y") == "-shop=\"x\" shop:y shop=\"x\"")
    #expect(FilterLanguage.choiceText(ofValue: "say \"hi\"") == nil)
    #expect(!FilterLanguage.canName(.extra("two words")) && FilterLanguage.canName(.extra("brand.name")))
  }

  @Test("bands cover every number once, in at most six round-edged ranges, over random distributions")
  func bands() {
    var random = SeededGenerator(seed: 7)
    for round in 0..<200 {
      let scale = [1.0, 10, 1_000, 0.01].randomElement(using: &random)!
      let values = (0..<Int.random(in: 1...300, using: &random)).map { _ in
        FacetCounts.Value(
          String(Double(Int.random(in: 0...Int.random(in: 1...5_000, using: &random), using: &random)) * scale),
          count: Int.random(in: 1...20, using: &random))
      }
      var merged: [String: Int] = [:]
      for value in values { merged[value.value, default: 0] += value.count }
      let counts = FacetCounts(
        field: .price,
        values: merged.map { FacetCounts.Value($0.key, count: $0.value) }.sorted(by: FacetCounts.comesFirst))
      guard let bands = NumberBands(counts) else {
        #expect(Set(merged.keys.compactMap { PriceValue.number($0) }).count <= 8, "round \(round): numbers not banded")
        continue
      }
      #expect(bands.bands.count <= 6 && bands.bands.count >= 1, "round \(round)")
      #expect(bands.bands.reduce(0) { $0 + $1.count } == counts.total, "round \(round): every item in one band")
      for (value, count) in merged {
        let number = PriceValue.number(value)!
        #expect(bands.bands.filter { $0.range.contains(number) }.count == 1, "round \(round): \(value) in one band")
        _ = count
      }
      for band in bands.bands {
        let query = ItemQuery("price=\(band.filterText)")
        let kept = merged.filter { query.matches(ShopItem(width: 1, height: 1, price: $0.key, title: "t")) }
        #expect(kept.values.reduce(0, +) == band.count, "round \(round): \(band.filterText) keeps what it counts")
      }
    }
  }

  @Test(
    "the pattern in words, for the status bar",
    arguments: [
      ("shop=\"Alpha Atelier\"|\"Gamma Goods\" price<200", "shop: Alpha Atelier, Gamma Goods \u{B7} price: under 200"),
      ("coat -used \"wool coat\"", "coat \u{B7} not used \u{B7} wool coat"),
      (
        "-shop:alpha rating>=4.5 price=..<100|250..",
        "not shop: has alpha \u{B7} rating: 4.5 or more \u{B7} price: under 100, 250 or more"
      ),
      (
        "price:100..300 sold:0 price>5 price<=9 price:1..<2",
        "price: 100 to 300 \u{B7} sold: 0 \u{B7} price: over 5 \u{B7} price: 9 or less \u{B7} price: 1 to under 2"
      ),
    ])
  func words(pattern: String, words: String) {
    #expect(FilterLanguage.words(of: pattern) == words)
  }
}
