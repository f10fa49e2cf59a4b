import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import Testing

/// A SQLite table's `url` column means what a dataset's `url` field means: the page beside a picture column,
/// the picture alone.
@Suite("A table's url column: the item's page beside img, the picture alone")
struct PageColumnTests {
  /// The first item of a table with `columns` (beside w, h, price) holding `values`.
  func firstItem(columns: [String], values: [String]) throws -> ShopItem? {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("wf-url-\(UUID().uuidString).db").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE items(w INTEGER, h INTEGER, price TEXT, \(columns.joined(separator: ", ")))")
      let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
      try db.execute(
        sql: "INSERT INTO items VALUES (10, 20, '¥1', \(marks))", arguments: StatementArguments(values))
    }
    try queue.close()
    let catalogue = try SQLiteCatalogue.open(path: path, table: "items", pageSize: 5)
    guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else { return nil }
    return page.items.first
  }

  @Test("beside an img column, url is an extra field: the page")
  func pageBesidePicture() throws {
    let item = try #require(try firstItem(columns: ["img TEXT", "url TEXT"], values: ["p/1.jpg", "https://s/1"]))
    #expect(item.imageURL.hasSuffix("p/1.jpg"))
    #expect(item.extraFields == [ExtraField(key: "url", value: "https://s/1")])
  }

  @Test("alone, url is the picture, as in the older datasets")
  func pictureAlone() throws {
    let item = try #require(try firstItem(columns: ["url TEXT"], values: ["https://img.test/1.jpg"]))
    #expect(item.imageURL == "https://img.test/1.jpg")
    #expect(item.extraFields.isEmpty)
  }
}
