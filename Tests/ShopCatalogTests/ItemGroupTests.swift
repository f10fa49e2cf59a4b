import ShopCatalog
import TestSupport
import Testing

@Suite("Grouping into sections")
struct ItemGroupTests {
  static func item(shop: String, price: String = "¥1", colour: String? = nil) -> ShopItem {
    ShopItem(
      width: 200, height: 300, price: price, shop: shop,
      extraFields: colour.map { [ExtraField(key: "colour", value: $0)] } ?? [])
  }

  @Test("groups in order of first appearance, the sort kept inside, no-value group last")
  func firstAppearance() throws {
    let items = [
      Self.item(shop: "B", price: "¥30"), Self.item(shop: "", price: "¥5"), Self.item(shop: "A", price: "¥10"),
      Self.item(shop: "B", price: "¥20"), Self.item(shop: "  ", price: "¥1"),
    ]
    let groups = ItemGroup.groups(of: items, by: .shop)
    #expect(groups.map(\.name) == ["B", "A", "(no shop)"])
    #expect(groups.map(\.indices) == [[0, 3], [2], [1, 4]])
    #expect(groups.map(\.value) == ["B", "A", nil])
    let sorted = ItemOrder.priceAscending.orderedIndices(items)
    let sections = ItemGroup.groups(of: items, by: .shop, order: sorted)
    #expect(sections.map(\.name) == ["A", "B", "(no shop)"])
    #expect(sections.map(\.indices) == [[2], [3, 0], [4, 1]])
    #expect(ItemGroup.groups(of: items, by: .shop, order: []).isEmpty)
  }

  @Test("fields by name: the named ones, any extra key, and a clear error listing what there is")
  func fieldNames() throws {
    let items = [Self.item(shop: "A", colour: "olive"), Self.item(shop: "A"), Self.item(shop: "B", colour: "olive")]
    #expect(try ItemField.named("shop", in: items) == .shop)
    #expect(try ItemField.named("Title", in: items) == .title)
    #expect(try ItemField.named("colour", in: items) == .extra("colour"))
    #expect(try ItemField.named("COLOUR", in: items) == .extra("colour"))
    let error = CatalogueQueryError.unknownField("color", available: ["shop", "price", "title", "colour"])
    #expect(throws: error) { try ItemField.named("color", in: items) }
    #expect(error.description == "unknown field \"color\": the items have shop, price, title, colour")
    let groups = ItemGroup.groups(of: items, by: .extra("colour"))
    #expect(groups.map(\.name) == ["olive", "(no colour)"])
    #expect(groups.map(\.count) == [2, 1])
  }

  @Test("random items: every index exactly once, counts sum to the total, groups by first appearance")
  func properties() {
    var random = SeededGenerator(seed: 31)
    let shops = ["A", "B", "C", "", "羊毛 Shop", "a"]
    for _ in 0..<300 {
      let items = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        Self.item(shop: shops.randomElement(using: &random)!, price: "¥\(Int.random(in: 0...9, using: &random))")
      }
      let order = Array(items.indices).shuffled(using: &random).filter { _ in Int.random(in: 0..<5, using: &random) > 0
      }
      let groups = ItemGroup.groups(of: items, by: .shop, order: order)
      #expect(groups.reduce(0) { $0 + $1.count } == order.count)
      #expect(Set(groups.flatMap(\.indices)) == Set(order) && groups.flatMap(\.indices).count == order.count)
      let named = groups.filter { $0.value != nil }
      let firstSeen = named.map { group in order.firstIndex(of: group.indices[0])! }
      #expect(firstSeen == firstSeen.sorted(), "groups in order of first appearance")
      for group in groups {
        let positions = group.indices.map { order.firstIndex(of: $0)! }
        #expect(positions == positions.sorted(), "the given order is kept inside a group")
        #expect(group.indices.allSatisfy { ItemField.shop.value(of: items[$0]) == group.value })
      }
      #expect(groups.dropLast().allSatisfy { $0.value != nil }, "the no-value group, if any, is last")
    }
  }
}
