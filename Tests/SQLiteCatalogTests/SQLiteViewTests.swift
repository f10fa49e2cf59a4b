import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import Testing

@testable import SQLiteCatalog

/// A `--table` view (issue 30, point 5): read by its own unique whole-number `id` column, since a view has no row
/// ids for keyset paging; any other view refused, saying why; a view that calls an unsafe function never run.
@Suite("A --table view: paged by its id column, refused when it has none, its unsafe functions never run")
struct SQLiteViewTests {
  /// A file with a table `goods` of `count` rows and each of `views` (name → its SELECT), written by an author
  /// who has the viewer's functions (so a view may name them).
  func database(count: Int, views: [String: String]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("wf-view-\(UUID().uuidString).db").path
    var configuration = Configuration()
    configuration.prepareDatabase { db in CatalogueFunctions.register(in: db) }
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE goods(code INTEGER, w INT, h INT, price TEXT, name TEXT, hidden INT)")
      for row in 0..<count {
        // Codes out of the insertion order, so that the view's key order is not the row ids'.
        try db.execute(
          sql: "INSERT INTO goods VALUES (?, ?, ?, ?, ?, ?)",
          arguments: [(row * 7) % count + 100, 100 + row, 80 + row, "¥\(count - row)", "good\(row)", row % 3 == 0])
      }
      for (name, select) in views { try db.execute(sql: "CREATE VIEW \(name) AS \(select)") }
    }
    try queue.close()
    return path
  }

  @Test("a view with a unique id column pages through all its rows in every order, each once")
  func viewPages() throws {
    let path = try database(
      count: 23, views: ["shown": "SELECT code AS id, w, h, price, name AS title FROM goods WHERE hidden = 0"])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let catalogue = try SQLiteCatalogue.open(path: path, table: "shown", pageSize: 4)
    let visible = (0..<23).filter { $0 % 3 != 0 }.map { "good\($0)" }
    #expect(catalogue.itemCount == visible.count)
    for order in ItemOrder.allCases {
      let titles = allPages(catalogue, CatalogueQuery(order: order)).flatMap(\.items).map(\.title)
      #expect(titles.sorted() == visible.sorted(), "\(order): \(titles)")
    }
    // The view's own order is its key's: codes ascending.
    let first = allPages(catalogue, CatalogueQuery()).flatMap(\.items).map(\.title)
    let byCode = (0..<23).filter { $0 % 3 != 0 }.sorted { ($0 * 7) % 23 < ($1 * 7) % 23 }.map { "good\($0)" }
    #expect(first == byCode)
    // A filter (its count goes by ranges of the key): the rows the pattern matches, as the model says.
    let pattern = ItemQuery("good1")
    let every = allPages(catalogue, CatalogueQuery()).flatMap(\.items)
    let found = allPages(catalogue, CatalogueQuery(filter: pattern)).flatMap(\.items).map(\.title)
    let expected = every.filter { pattern.matches($0) }.map(\.title)
    #expect(!expected.isEmpty && expected.count < every.count)
    #expect(found.sorted() == expected.sorted())
  }

  @Test("a view without an id column, or with repeated or non-whole ids: refused, naming the view and why")
  func viewsRefused() throws {
    let path = try database(
      count: 6,
      views: [
        "nokey": "SELECT w, h, price, name FROM goods",
        "twice": "SELECT hidden AS id, w, h, price, name FROM goods",
        "texts": "SELECT name AS id, w, h, price FROM goods",
      ])
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      SQLiteFileTests.openingFails(path, table: "nokey")?.reason
        == "view nokey has no id column: a view has no row ids, and it is read by a unique whole-number id column")
    #expect(
      SQLiteFileTests.openingFails(path, table: "twice")?.reason
        == "view twice cannot be paged by its id column: 4 repeated ids (it must be unique)")
    #expect(
      SQLiteFileTests.openingFails(path, table: "texts")?.reason
        == "view texts cannot be paged by its id column: 6 rows whose id is not a whole number (it must be unique)")
  }

  @Test("a view calling a function that is not innocuous: refused by the function's name, never run")
  func unsafeViewRefused() throws {
    let path = try database(
      count: 3,
      views: ["hostile": "SELECT code AS id, w, h, price, waterfall_search_text(name) AS title FROM goods"])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let failure = SQLiteFileTests.openingFails(path, table: "hostile")
    #expect(failure?.file == path)
    #expect(failure?.reason.hasPrefix("the schema runs a function an untrusted file may not") == true)
    #expect(failure?.reason.contains("unsafe use of waterfall_search_text") == true, "\(String(describing: failure))")
  }
}

extension SQLiteViewTests {
  @Test("a view that never ends (a recursive CTE) is refused once its one pass runs past the limit, never hangs")
  func endlessViewRefused() throws {
    let path = try database(
      count: 1,
      views: [
        "endless": """
        WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n) SELECT id, 1 AS w, 1 AS h, '¥1' AS price FROM n
        """
      ])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let queue = try DatabaseQueue(path: path)
    #expect {
      try queue.read { db in
        try ViewKey.column(
          of: "endless", columns: ["id", "w", "h", "price"], in: db, file: path, limit: .milliseconds(200))
      }
    } throws: { error in
      (error as? SQLiteCatalogueError)?.reason
        == "view endless was not read through within 0.2 seconds: a view must end"
    }
  }
}
