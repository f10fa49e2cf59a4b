import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import Testing

/// Text from the user and names from the file reach SQL: quotes and FTS5's syntax in a search, quotes in a
/// table's or a column's name, are data, never SQL (issue 30, point 11).
@Suite("Quotes and FTS5 syntax in searches and names")
struct SQLiteQuotingTests {
  static let titles = [
    #"Shoe "Deluxe""#, #"a" OR "b"#, "NEAR(shoe hat)", "title:shoe", "50% off * -sale ^top", "O'Brien's hat",
    "shoe AND hat", #"say "hi" twice"#, "plain shoe", "hat",
  ]

  /// The titles as a JSON Lines dataset imported into a catalogue; the folder, the items read, the database.
  static func imported() throws -> (folder: TemporaryFolder, items: [ShopItem], database: String) {
    let folder = TemporaryFolder()
    let lines = titles.enumerated().map { index, title in
      let data = try! JSONSerialization.data(
        withJSONObject: ["w": 100 + index, "h": 100, "price": "¥\(index + 1)", "title": title], options: [.sortedKeys])
      return String(decoding: data, as: UTF8.self)
    }
    let dataset = folder.path + "/items.jsonl"
    try lines.joined(separator: "\n").write(toFile: dataset, atomically: true, encoding: .utf8)
    let database = folder.path + "/shop.sqlite"
    _ = try CatalogueImport.run(sources: [dataset], output: database)
    return (folder, try DatasetLoader.load(path: dataset).files.flatMap(\.items), database)
  }

  static let terms = [
    #"""#, #"Deluxe""#, #"a" OR "b"#, "NEAR(shoe", "title:shoe", "shoe*", "-sale", "^top", "'", "O'Brien",
    "shoe AND hat", #""hi""#, "(", "off *", "hat",
  ]

  @Test("an imported catalogue's search finds what the in-memory catalogue finds, for each hostile term")
  func importedSearch() throws {
    let (folder, items, database) = try Self.imported()
    let catalogue = try SQLiteCatalogue.open(path: database, pageSize: 4)
    let oracle = ItemCatalogue(items: items, pageSize: 4)
    for term in Self.terms {
      let query = CatalogueQuery(filter: ItemQuery(term))
      let pages = allPages(catalogue, query)
      #expect(!pages.isEmpty, "the search for \(term) failed")
      #expect(
        pages.flatMap(\.items).map(\.title) == allPages(oracle, query).flatMap(\.items).map(\.title), "\(term)")
      #expect(
        catalogue.findMatches(of: ItemQuery(term), in: CatalogueQuery())
          == oracle.findMatches(of: ItemQuery(term), in: CatalogueQuery()), "\(term)")
    }
    _ = folder
  }

  @Test("a --table and its columns whose names hold quotes are read, grouped and searched like any other")
  func quotedNames() throws {
    let (folder, items, _) = try Self.imported()
    let path = folder.path + "/quoted.db"
    let table = #"the "shop's" items"#
    let colour = #"col"our's"#
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: "CREATE TABLE \(table.sqlIdentifier)(w INT, h INT, price TEXT, title TEXT, "
          + "\(colour.sqlIdentifier) TEXT)")
      for (index, item) in items.enumerated() {
        try db.execute(
          sql: "INSERT INTO \(table.sqlIdentifier) VALUES (?, ?, ?, ?, ?)",
          arguments: [Int(item.width), Int(item.height), item.price, item.title, index % 2 == 0 ? "red" : "blue"])
      }
    }
    try queue.close()
    let catalogue = try SQLiteCatalogue.open(path: path, table: table, pageSize: 3)
    #expect(allPages(catalogue, CatalogueQuery()).flatMap(\.items).map(\.title) == Self.titles)
    let grouped = allPages(catalogue, CatalogueQuery(grouping: .extra(colour)))
    #expect(sections(grouped).map(\.name) == ["red", "blue"])
    #expect(sections(grouped).map(\.totalCount) == [5, 5])
    let sorted = allPages(catalogue, CatalogueQuery(order: .priceDescending, filter: ItemQuery(#""hi""#)))
    #expect(sorted.flatMap(\.items).map(\.title) == [#"say "hi" twice"#])
  }
}

extension String {
  /// This name quoted for SQL as SQLite's manual says (GRDB's `quotedDatabaseIdentifier` does not double quotes).
  fileprivate var sqlIdentifier: String { "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

/// A folder of its own, removed with the value.
final class TemporaryFolder {
  let path = NSTemporaryDirectory() + "waterfall-sqlite-quotes-" + UUID().uuidString

  init() { try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
  deinit { try? FileManager.default.removeItem(atPath: path) }
}
