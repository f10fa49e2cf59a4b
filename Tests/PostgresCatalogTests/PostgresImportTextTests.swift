import Foundation
import PostgresCatalog
import ShopCatalog
import TestSupport
import Testing

/// The import writes COPY's text itself, byte by byte: what COPY reads as a delimiter or an escape (line breaks, a
/// carriage return, a backslash, a tab) comes back as written, and a NUL, which PostgreSQL's text cannot hold, as
/// U+FFFD.
@Suite struct PostgresImportTextTests {
  @Test("line breaks, a carriage return, a backslash, a tab and a NUL in every text column come back")
  func awkwardText() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    let folder = NSTemporaryDirectory() + "waterfall-postgres-text-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = folder + "/items.jsonl"
    let lines = [
      #"{"w": 10, "h": 20, "title": "two\nlines\r\nand\\more", "price": "¥1\t2", "shop": "a\u0000b", "tag": "x\ny"}"#,
      #"{"w": 11, "h": 21, "title": "Café 羊毛", "price": "99", "shop": "\\N", "tag": "\\."}"#,
    ]
    try (lines.joined(separator: "\n") + "\n").write(toFile: dataset, atomically: true, encoding: .utf8)
    _ = try PostgresImport.run(sources: [dataset], address: address)
    let catalogue = try PostgresCatalogue.open(address: address)
    guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("no page")
      return
    }
    #expect(page.items.map(\.title) == ["two\nlines\r\nand\\more", "Café 羊毛"])
    #expect(page.items.map(\.price) == ["¥1\t2", "99"])
    #expect(page.items.map(\.shop) == ["a\u{FFFD}b", "\\N"])
    #expect(
      page.items.map(\.extraFields) == [
        [ExtraField(key: "tag", value: "x\ny")], [ExtraField(key: "tag", value: "\\.")],
      ])
    // The folded search text went through COPY too: a search finds the words on either side of the line break.
    #expect(catalogue.findMatches(of: ItemQuery("lines and"), in: CatalogueQuery()) == [0])
    #expect(catalogue.findMatches(of: ItemQuery("cafe 羊毛"), in: CatalogueQuery()) == [1])
  }

  @Test("the folding the import keeps from item to item gives each item the keys a fresh one gives")
  func reusedFolding() {
    var random = SeededGenerator(seed: 11)
    var folder = ItemKeysFolder()
    let words = RandomShopDataset.words + ["Ｆｕｌｌ", "ß", "é", "¥", "Ⅻ", "ﬁne"]
    for _ in 0..<500 {
      let title = (0..<3).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
      let item = ShopItem(
        width: 1, height: 1, imageURL: "", price: words.randomElement(using: &random)!, title: title,
        shop: words.randomElement(using: &random)!, extraFields: [])
      #expect(String(decoding: folder.searchText(of: item), as: UTF8.self) == ItemKeys.searchText(of: item))
      #expect(folder.titleSortKey(title) == ItemKeys.titleSortKey(title))
    }
  }
}
