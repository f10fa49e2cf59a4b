import Foundation
import Testing

@testable import ShopCatalog

/// `url`, `link` and `href`: the item's page beside a picture field; `url` the picture only without one.
@Suite("url, link and href are the item's page; url is the picture only in the older datasets")
struct PageFieldTests {
  static let records = [
    #"{"w":10,"h":20,"price":"1","img":"p/1.jpg","url":"https://shop.test/1"}"#,
    #"{"w":10,"h":20,"price":"2","image":"p/2.jpg","url":"https://shop.test/2","link":"https://shop.test/2b"}"#,
    #"{"w":10,"h":20,"price":"3","url":"old/3.jpg"}"#,
  ]

  /// The items a file of `text` named `name` reads into.
  func items(_ name: String, _ text: String) throws -> [ShopItem] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("wf-page-\(UUID().uuidString)-\(name)")
    try Data(text.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let catalogue = try CatalogueReading.open(path: file.path, pageSize: 10)
    catalogue.waitUntilComplete()
    return catalogue.itemsRead(limit: .max)
  }

  func expectPagesAndPictures(_ items: [ShopItem], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(items.map(\.imageURL) == ["p/1.jpg", "p/2.jpg", "old/3.jpg"], sourceLocation: sourceLocation)
    let pages = items.map { $0.extraFields.first { $0.key == "url" }?.value }
    #expect(pages == ["https://shop.test/1", "https://shop.test/2", nil], sourceLocation: sourceLocation)
  }

  @Test("a JSON array (read the quick way), JSON Lines and CSV agree")
  func everyFormat() throws {
    expectPagesAndPictures(try items("a.json", "[" + Self.records.joined(separator: ",") + "]"))
    expectPagesAndPictures(try items("a.jsonl", Self.records.joined(separator: "\n")))
    // A CSV file has its columns for every row: a shop's, and an older dataset's with url alone.
    let shop = try items("shop.csv", "w,h,price,image,url,link\n10,20,2,p/2.jpg,https://shop.test/2,https://s/2b\n")
    #expect(shop.map(\.imageURL) == ["p/2.jpg"])
    #expect(shop.first?.extraFields.contains(ExtraField(key: "url", value: "https://shop.test/2")) == true)
    let older = try items("older.csv", "w,h,price,url\n10,20,3,old/3.jpg\n")
    #expect(older.map(\.imageURL) == ["old/3.jpg"])
    #expect(older.first?.extraFields.isEmpty == true)
  }

  @Test("a record decoded for a database (SQLite, feeds) follows the same rule")
  func decodedForADatabase() throws {
    let record: [String: DatasetValue] = [
      "w": .integer(1), "h": .integer(1), "price": .string("1"), "img": .string("p/1.jpg"),
      "url": .string("https://shop.test/1"),
    ]
    let item = try ItemKeys.item(from: record, file: "t", number: 1).get()
    #expect(item.imageURL == "p/1.jpg")
    #expect(item.extraFields == [ExtraField(key: "url", value: "https://shop.test/1")])
  }

  @Test("--print's field look-up: url the page (link, href), img the picture, url the picture without one")
  func printedFields() {
    let shop = OriginalRecord(
      json: "", fields: ["img": .string("p/1.jpg"), "url": .string("https://shop.test/1")])
    #expect(shop.value(of: "url") == "https://shop.test/1")
    #expect(shop.value(of: "img") == "p/1.jpg")
    #expect(shop.value(of: "link") == "https://shop.test/1")
    let linked = OriginalRecord(json: "", fields: ["image": .string("p/2.jpg"), "href": .string("https://s/2")])
    #expect(linked.value(of: "url") == "https://s/2")
    #expect(linked.value(of: "img") == "p/2.jpg")
    let older = OriginalRecord(json: "", fields: ["url": .string("old/3.jpg")])
    #expect(older.value(of: "img") == "old/3.jpg")
    #expect(older.value(of: "url") == "old/3.jpg")
  }
}
