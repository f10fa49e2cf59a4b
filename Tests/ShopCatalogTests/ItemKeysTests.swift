import ShopCatalog
import TestSupport
import Testing

@Suite("Keys a database stores agree with the catalogue's own rules")
struct ItemKeysTests {
  @Test("title sort keys compared byte by byte give the title order, digits and leading zeros included")
  func titleKeysSortAsTitles() {
    var random = SeededGenerator(seed: 18)
    let alphabet = ["a", "B", "é", " ", "羊", "-", ":", "0", "00", "1", "7", "9", "10", "123456789", "Ｚ", "１"]
    for _ in 0..<300 {
      let titles = (0..<Int.random(in: 0...20, using: &random)).map { _ in
        (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }.joined()
      }
      let keys = titles.map(ItemKeys.titleSortKey)
      let byKeys = titles.indices.sorted {
        keys[$0] == keys[$1] ? $0 < $1 : keys[$0].lexicographicallyPrecedes(keys[$1])
      }
      let items = titles.map { ShopItem(width: 1, height: 1, price: "", title: $0) }
      #expect(byKeys == ItemOrder.title.orderedIndices(items), "\(titles)")
    }
  }

  @Test("long digit runs: more digits sort later however many, leading zeros ignored, an empty title last")
  func digitRuns() {
    let titles = ["x 1", "x 0000000002", "x 99999999", "x 123456789", "x 1234567890123456789", "", "x"]
    let keys = titles.map(ItemKeys.titleSortKey)
    let order = titles.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
    #expect(
      order.map { titles[$0] } == [
        "x", "x 1", "x 0000000002", "x 99999999", "x 123456789", "x 1234567890123456789", "",
      ])
  }

  @Test("search text: each field folded on a line of its own, so a term never spans two fields")
  func searchText() {
    let item = ShopItem(
      width: 1, height: 1, price: "¥99", title: "Café ＡＢ", shop: "新品羊毛衫",
      extraFields: [ExtraField(key: "color", value: "Rot")])
    #expect(ItemKeys.searchText(of: item) == "cafe ab\n新品羊毛衫\n¥99\nrot")
    #expect(ItemKeys.terms(of: ItemQuery("CAFÉ  羊毛")) == ["cafe", "羊毛"])
  }
}

@Suite("The rule tables a database's trigger reads")
struct RuleTablesTests {
  @Test("no scalar outside the planes read is assigned, but to private use: nothing folds or has a class there")
  func planesRead() {
    var assigned: [UInt32] = []
    for value in UInt32(0)...0x10_FFFF where !RuleTables.assignedPlanes.contains(where: { $0.contains(value) }) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      switch scalar.properties.generalCategory {
      case .unassigned, .privateUse: continue
      default: assigned.append(value)
      }
    }
    #expect(assigned.isEmpty, "\(assigned.prefix(5).map { String($0, radix: 16) })")
  }

  @Test("the fold table holds what folding gives: é to e, Ａ to a, a zero-width space to nothing, a tab to a space")
  func foldTable() {
    let table = Dictionary(uniqueKeysWithValues: RuleTables.folding.map { ($0.scalar, $0.folded) })
    #expect(table[0xE9] == "e" && table[0xFF21] == "a" && table[0x200B] == "" && table[0x09] == " ")
    #expect(table[0x61] == nil && table[0x65B0] == nil, "a scalar that folds to itself is not listed")
  }
}
