import Foundation
import ShopCatalog
import TestSupport
import Testing

/// No price is ordinary shop data ("price on request", sold out): one rule in every format, the item kept without
/// a price and sorted after every priced item in both orders.
@Suite("An item without a price")
struct NoPriceTests {
  static let files: [(name: String, text: String)] = [
    (
      "items.json",
      #"[{"w": 1, "h": 1, "price": "¥5", "title": "a"}, {"w": 1, "h": 1, "title": "b"}, {"w": 1, "h": 1, "price": null, "title": "c"}]"#
    ),
    (
      "items.jsonl",
      "{\"w\": 1, \"h\": 1, \"price\": \"¥5\", \"title\": \"a\"}\n{\"w\": 1, \"h\": 1, \"title\": \"b\"}\n{\"w\": 1, \"h\": 1, \"price\": null, \"title\": \"c\"}\n"
    ),
    ("items.csv", "w,h,price,title\n1,1,¥5,a\n1,1,,b\n1,1,,c\n"),
    (
      "items.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array>
      <dict><key>w</key><integer>1</integer><key>h</key><integer>1</integer><key>price</key><string>¥5</string><key>title</key><string>a</string></dict>
      <dict><key>w</key><integer>1</integer><key>h</key><integer>1</integer><key>title</key><string>b</string></dict>
      <dict><key>w</key><integer>1</integer><key>h</key><integer>1</integer><key>title</key><string>c</string></dict>
      </array></plist>
      """
    ),
  ]

  @Test("JSON (none or null), JSON Lines, CSV (an empty cell) and plist keep it, without a price, as no problem")
  func keptInEveryFormat() throws {
    let folder = TemporaryDirectory()
    for (name, text) in Self.files {
      let dataset = try DatasetLoader.load(path: folder.write(name, text))
      #expect(dataset.items.map(\.title) == ["a", "b", "c"], "\(name)")
      #expect(dataset.items.map(\.price) == ["¥5", "", ""], "\(name)")
      #expect(dataset.problems.isEmpty && dataset.skippedItems == 0, "\(name): \(dataset.problems)")
    }
  }

  @Test("sorted after every priced item, lowest first and highest first")
  func sortedLast() throws {
    let items = ["", "¥30", "", "¥3", "¥12"].enumerated().map { index, price in
      ShopItem(width: 1, height: 1, price: price, title: "\(index)")
    }
    let catalogue = ItemCatalogue(items: items, pageSize: 10)
    for (order, priced) in [(ItemOrder.priceAscending, ["3", "4", "1"]), (.priceDescending, ["1", "4", "3"])] {
      guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery(order: order))) else {
        Issue.record("no page")
        return
      }
      #expect(Array(page.items.map(\.title).prefix(3)) == priced, "\(order)")
      #expect(Set(page.items.map(\.title).suffix(2)) == ["0", "2"], "\(order)")
    }
  }
}
