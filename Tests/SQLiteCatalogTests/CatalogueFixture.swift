import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import TestSupport

/// Random shop items with the text search and sorting care about (accents, widths, CJK, digit runs, price
/// notations, blank shops, an extra field some lack), written as a dataset and imported, in a folder of its own.
final class CatalogueFixture {
  let folder: String
  let dataset: String
  let database: String
  /// The items as the dataset reader reads them back: the oracle's catalogue.
  let items: [ShopItem]

  init(count: Int, seed: UInt64) throws {
    folder = NSTemporaryDirectory() + "waterfall-sqlite-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    dataset = folder + "/items.jsonl"
    try RandomShopDataset.write(count: count, seed: seed, to: dataset)
    items = try DatasetLoader.load(path: dataset).files.flatMap(\.items)
    database = folder + "/shop.sqlite"
    _ = try CatalogueImport.run(sources: [dataset], output: database)
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// The same items in a table of another program's making: other column names (`width`, `name`, `url`),
  /// numbers as numbers, a `color` column.
  func writeForeignTable() throws -> String {
    let path = folder + "/other.db"
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE products(
            sku INTEGER PRIMARY KEY, width INTEGER, Height REAL, price TEXT, name TEXT, shop TEXT, url TEXT,
            color TEXT)
          """)
      for (index, item) in items.enumerated() {
        try db.execute(
          sql: "INSERT INTO products VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          arguments: [
            index + 1, Int(item.width), item.height, item.price, item.title, item.shop, item.imageURL,
            item.extraFields.first { $0.key == "color" }?.value,
          ])
      }
    }
    try queue.close()
    return path
  }

  func write(_ name: String, _ text: String) -> String {
    let path = folder + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }
}

/// Reads every page of a query the way the viewer does, through the cursors.
func allPages(_ source: any CatalogueSource, _ query: CatalogueQuery, limit: Int = 100_000) -> [CataloguePage] {
  var pages: [CataloguePage] = []
  var cursor: PageCursor?
  repeat {
    guard
      case .page(let page) = source.fetch(CataloguePageRequest(query: query, cursor: cursor, pageNumber: pages.count))
    else { return pages }
    pages.append(page)
    cursor = page.next
  } while cursor != nil && pages.count < limit
  return pages
}

/// Group runs merged across pages: each section's name, total and the items of it that arrived.
func sections(_ pages: [CataloguePage]) -> [GroupRun] {
  var merged: [GroupRun] = []
  for run in pages.flatMap(\.groups) {
    if let last = merged.last, last.ordinal == run.ordinal {
      merged[merged.count - 1].count += run.count
    } else {
      merged.append(run)
    }
  }
  return merged
}

extension CatalogueFixture {
  /// Another process's connection that writes the catalogue in WAL mode, the viewer's catalogue opened beside it,
  /// and the first page of `query` by price, read before any write.
  func walSession(
    _ query: CatalogueQuery, pageSize: Int = 10
  ) throws -> (writer: DatabaseQueue, catalogue: SQLiteCatalogue, first: CataloguePage) {
    let writer = try DatabaseQueue(path: database)
    try writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
    let catalogue = try SQLiteCatalogue.open(path: database, pageSize: pageSize)
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: query)) else {
      throw SQLiteCatalogueError(file: database, reason: "no first page")
    }
    return (writer, catalogue, first)
  }
}
