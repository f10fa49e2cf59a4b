import Foundation
import ShopCatalog
import TestSupport
import Testing

/// The catalogue keeps its items as columns and answers sorts, filters and sections from precomputed keys; these
/// check every answer against the reference over plain ``ShopItem``s (``ItemOrder/orderedIndices(_:)``,
/// ``ItemGroup/groups(of:by:order:)``, ``ItemQuery/matches(_:)``), which have their own brute-force oracles.
@Suite("The compact store answers as the reference does")
struct ColumnStoreTests {
  /// The whole result of `query`, as item identities.
  static func ids(_ catalogue: ItemCatalogue, _ query: CatalogueQuery) -> [Int] {
    SourceWalk.pages(catalogue, query).pages.flatMap(\.ids).map(\.rawValue)
  }

  static func randomItems(_ count: Int, using random: inout SeededGenerator) -> [ShopItem] {
    let prices = [
      "¥169", "169", "¥1,050", "1050元", "€1.050,00", "free", "", "¥99-199", "99", "0", "¥0.5", "12,5", "12.50",
      "1000000000000000001", "1000000000000000002", "1,000,000,000,000,000,001", "abc", "¥-3", "￥88", "$045",
      "12345678901234567", "12345678901234568", "£7", "€１２", "¥ 5",
    ]
    let words = ["item", "Item", "é", "E", "羊毛", "0", "00", "7", "10", "2", "007", " ", "ＡＢ", "ß", "-", "9999999"]
    let shops = ["shop a", "shop b", "Shop A", "", "  ", "商店", "cafe\u{301}", "café"]
    return (0..<count).map { _ in
      let title = (0..<Int.random(in: 0...4, using: &random)).map { _ in words.randomElement(using: &random)! }
        .joined()
      let price =
        Bool.random(using: &random)
        ? prices.randomElement(using: &random)! : "¥\(Int.random(in: 0...60, using: &random))"
      var extras: [ExtraField] = []
      if Int.random(in: 0..<4, using: &random) == 0 {
        extras = [ExtraField(key: "colour", value: ["red", "blue", " "].randomElement(using: &random)!)]
      }
      return ShopItem(
        width: [200, 0.1 + Double(Int.random(in: 1...9, using: &random)), 1234.567].randomElement(using: &random)!,
        height: Double(Int.random(in: 1...900, using: &random)), imageURL: "p\(Int.random(in: 0...9, using: &random))",
        price: price, title: title, shop: shops.randomElement(using: &random)!, extraFields: extras)
    }
  }

  @Test("every order, filter and grouping of random items, as the reference answers it")
  func queriesMatchReference() {
    var random = SeededGenerator(seed: 1717)
    for round in 0..<12 {
      let items = Self.randomItems(Int.random(in: 0...120, using: &random), using: &random)
      let catalogue = ItemCatalogue(items: items, pageSize: 7)
      #expect(SourceWalk.items(catalogue) == items)
      for order in ItemOrder.allCases {
        for filter in [nil, "item", "shop a", "7", "羊"] {
          for grouping in [nil, ItemField.shop, .title, .price, .extra("colour")] {
            let query = CatalogueQuery(order: order, filter: filter.map(ItemQuery.init), grouping: grouping)
            var expected = order.orderedIndices(items)
            if let pattern = query.filter { expected = expected.filter { pattern.matches(items[$0]) } }
            var groups: [ItemGroup] = []
            if let grouping {
              groups = ItemGroup.groups(of: items, by: grouping, order: expected)
              expected = groups.flatMap(\.indices)
            }
            let pages = SourceWalk.pages(catalogue, query).pages
            #expect(pages.flatMap(\.ids).map(\.rawValue) == expected, "round \(round) \(query)")
            #expect(pages.flatMap(\.items) == expected.map { items[$0] })
            // Each page's runs name the groups its items belong to, with each group's whole count.
            let runs = pages.flatMap(\.groups).reduce(into: [GroupRun]()) { merged, run in
              if let last = merged.last, last.ordinal == run.ordinal {
                merged[merged.count - 1].count += run.count
              } else {
                merged.append(run)
              }
            }
            #expect(runs.map(\.name) == groups.map(\.name), "round \(round) \(query)")
            #expect(runs.map(\.count) == groups.map(\.count) && runs.map(\.totalCount) == groups.map(\.count))
          }
        }
      }
      let pattern = ItemQuery("item 7")
      #expect(
        catalogue.findMatches(of: pattern, in: CatalogueQuery())
          == items.indices.filter { pattern.matches(items[$0]) })
    }
  }

  @Test("sorting thousands of titles (the radix passes over 8-byte chunks) gives the reference order")
  func manyTitles() {
    var random = SeededGenerator(seed: 17)
    let words = ["商品 item ", "item", " ", "0", "00", "1", "9", "10", "99", "a", "B", "é", "ＡＢ", "✨", "item 1"]
    let items = (0..<20_000).map { index in
      let title =
        index % 3 == 0
        ? "商品 item \(Int.random(in: 0...100_000, using: &random)) ✨"
        : (0..<Int.random(in: 0...7, using: &random)).map { _ in words.randomElement(using: &random)! }.joined()
      return ShopItem(width: 1, height: 1, price: "¥\(index % 500)", title: title, shop: "shop \(index % 13)")
    }
    let catalogue = ItemCatalogue(items: items, pageSize: 5_000)
    for order in ItemOrder.allCases {
      let ours = Self.ids(catalogue, CatalogueQuery(order: order))
      let reference = order.orderedIndices(items)
      let first = ours.indices.first { ours[$0] != reference[$0] }
      var detail = ""
      if let first, first > 0 {
        let titles: [String] = [items[ours[first - 1]].title, items[ours[first]].title, items[reference[first]].title]
        detail = "at \(first): \(titles)"
      }
      #expect(first == nil && ours.count == reference.count, "\(order) \(detail)")
    }
    let groups = ItemGroup.groups(of: items, by: .shop, order: ItemOrder.title.orderedIndices(items))
    #expect(Self.ids(catalogue, CatalogueQuery(order: .title, grouping: .shop)) == groups.flatMap(\.indices))
  }

  @Test("a search over the whole key buffer (sixteen places a step) finds what matching item by item finds")
  func searchAgreesWithItemByItem() {
    var random = SeededGenerator(seed: 23)
    // Few letters, so that most places hold a needle's first and last bytes without the bytes between.
    let letters = ["a", "b", "ab", "ba", "é", "7", "77", " ", "羊"]
    let text = { (length: ClosedRange<Int>, random: inout SeededGenerator) in
      (0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random)! }.joined()
    }
    for round in 0..<40 {
      let items = (0..<Int.random(in: 0...300, using: &random)).map { _ in
        ShopItem(
          width: 1, height: 1, price: text(0...3, &random), title: text(0...40, &random), shop: text(0...4, &random))
      }
      let catalogue = ItemCatalogue(items: items, pageSize: 50)
      for _ in 0..<25 {
        let pattern = ItemQuery(text(1...9, &random))
        let found = catalogue.findMatches(of: pattern, in: CatalogueQuery())
        #expect(found == items.indices.filter { pattern.matches(items[$0]) }, "round \(round): \(pattern.pattern)")
      }
    }
  }

  @Test("prices read straight from the bytes have the value PriceValue reads")
  func plainPrices() {
    var random = SeededGenerator(seed: 5)
    let signs = ["", "¥", "￥", "$", "€", "£", "US$", "¥ ", "-", "元"]
    var prices: [String] = []
    for _ in 0..<500 {
      let digits = String(Int.random(in: 0...Int(1e15), using: &random)).prefix(Int.random(in: 1...17, using: &random))
      let zero = Int.random(in: 0..<5, using: &random) == 0 ? "0" : ""
      prices.append(signs.randomElement(using: &random)! + zero + digits)
    }
    let items = prices.map { ShopItem(width: 1, height: 1, price: $0) }
    let catalogue = ItemCatalogue(items: items, pageSize: 100)
    for order in [ItemOrder.priceAscending, .priceDescending] {
      #expect(Self.ids(catalogue, CatalogueQuery(order: order)) == order.orderedIndices(items))
    }
  }
}

/// The JSON reader takes the common shape of a record straight into the columns and every other through the
/// general parser; both ways must give the same items and the same problems.
@Suite("Reading JSON straight into the columns")
struct ColumnReadingTests {
  /// A record's members as JSON text, each key written plainly or (`escaped`) with a `\u` escape, which sends the
  /// record the general way.
  static func record(_ members: [(String, String)], escaped: Bool) -> String {
    "{"
      + members.map { key, value in
        let written = escaped ? "\\u00" + String(key.unicodeScalars.first!.value, radix: 16) + key.dropFirst() : key
        return "\"\(written)\": \(value)"
      }.joined(separator: ", ") + "}"
  }

  @Test("random records read the same the fast way and the general way, in arrays and in JSON Lines")
  func fastLikeGeneral() throws {
    var random = SeededGenerator(seed: 99)
    let values: [String: [String]] = [
      "w": ["200", "1", "100000", "100001", "0", "1.5", "-3", "\"300\"", "1e3", "-0", "null", "999999999999999999"],
      "width": ["640", "2.5", "\"x\""],
      "h": ["300", "7", "0", "[1]"],
      "height": ["480"],
      "price": ["\"¥99\"", "12", "\"\"", "null", "\"¥1,050\"", "{}"],
      "title": ["\"商品 item ✨\"", "\"a\\\"b\"", "\"\\u00e9\"", "12", "null", "\"\"", "\"tab\\there\""],
      "name": ["\"named\""],
      "img": ["\"a.jpg\"", "\"http://x/y.png\""],
      "image": ["\"b.jpg\""],
      "url": ["\"c.jpg\""],
      "shop": ["\"shop 1\"", "\"  \"", "\"商店\""],
      "colour": ["\"red\"", "1", "[1, 2]"],
    ]
    let keys = values.keys.sorted()
    var plainRecords: [String] = []
    var escapedRecords: [String] = []
    for _ in 0..<600 {
      var members: [(String, String)] = []
      for key in keys.shuffled(using: &random) where Int.random(in: 0..<3, using: &random) > 0 {
        members.append((key, values[key]!.randomElement(using: &random)!))
      }
      if Int.random(in: 0..<20, using: &random) == 0, let first = members.first { members.append(first) }
      plainRecords.append(Self.record(members, escaped: false))
      escapedRecords.append(Self.record(members, escaped: true))
    }
    for (format, joined) in [(DatasetFormat.json, ",\n"), (.jsonLines, "\n")] {
      let wrap = { (records: [String]) in
        format == .json ? "[" + records.joined(separator: joined) + "]" : records.joined(separator: joined)
      }
      let fast = try DatasetLoader.read(bytes: Array(wrap(plainRecords).utf8), format: format, file: "f")
      let general = try DatasetLoader.read(bytes: Array(wrap(escapedRecords).utf8), format: format, file: "f")
      #expect(fast.items == general.items && fast.items.count > 50, "\(format)")
      #expect(fast.problems == general.problems && fast.problems.count > 50, "\(format)")
    }
  }

  @Test("records laid over several lines read the fast way, then a syntax error: the same line and column")
  func fastThenSyntaxError() throws {
    let members = [("w", "200"), ("h", "300"), ("price", "\"¥99\""), ("title", "\"a\"")]
    func document(escaped: Bool) -> [UInt8] {
      let records = (0..<5).map { _ in
        Self.record(members, escaped: escaped).replacingOccurrences(of: ", \"", with: ",\n   \"")
      }
      return Array(("[\n" + records.joined(separator: " ,\n\n ") + ",\n {\"w\": 1,, \"h\": 1}\n]").utf8)
    }
    func failure(_ bytes: [UInt8]) -> String {
      do {
        _ = try DatasetLoader.read(bytes: bytes, format: .json, file: "f")
        return "read"
      } catch { return "\(error)" }
    }
    let fast = failure(document(escaped: false))
    #expect(fast == failure(document(escaped: true)))
    #expect(fast.contains("line 26, column 10"), "\(fast)")
    let whole = try DatasetLoader.read(
      bytes: Array("[\n\(Self.record(members, escaped: false))\n]".utf8), format: .json, file: "f")
    #expect(whole.items.map(\.title) == ["a"])
  }

  @Test("invalid UTF-8 in a text field is repaired as the general reader repairs it")
  func invalidUTF8() throws {
    var bytes = Array("[{\"w\": 1, \"h\": 2, \"price\": \"¥1\", \"title\": \"a".utf8)
    bytes += [0xC3, 0x28, 0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80, 0xE0, 0x80]
    bytes += Array("b\"}]".utf8)
    let dataset = try DatasetLoader.read(bytes: bytes, format: .json, file: "f")
    let expected = String(decoding: bytes[bytes.firstIndex(of: 0xC3)! - 1..<bytes.count - 3], as: UTF8.self)
    #expect(dataset.items.map(\.title) == [expected])
    #expect(expected.contains("\u{FFFD}"))
  }
}
