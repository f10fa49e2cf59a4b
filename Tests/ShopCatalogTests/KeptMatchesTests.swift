import ShopCatalog
import Testing

/// The catalogue keeps its last whole-result search (a far jump asks it twice): a search asked again, after
/// another, in another order, must still be the oracle's answer.
@Suite("A search's matches, kept")
struct KeptMatchesTests {
  @Test("each pattern and order, asked in turn and again, is what matching every item in order gives")
  func keptAnswersAreFresh() {
    let titles = ["silk scarf", "wool coat", "silk dress", "cafe table", "wool scarf", "linen dress"]
    let items = (0..<60).map { index in
      ShopItem(width: 100, height: 100, price: "¥\(97 - index)", title: titles[index % titles.count] + " \(index)")
    }
    let catalogue = ItemCatalogue(items: items, pageSize: 7)
    for pattern in ["silk", "scarf", "silk", "dress", "dress", "nothing", "silk"] {
      for order in [ItemOrder.dataset, .priceAscending, .dataset] {
        let query = CatalogueQuery(order: order)
        let ordered = order.orderedIndices(items)
        let expected = ordered.indices.filter { ItemQuery(pattern).matches(items[ordered[$0]]) }
        #expect(catalogue.findMatches(of: ItemQuery(pattern), in: query) == expected, "\(pattern) \(order)")
      }
    }
  }
}
