import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import Testing

@Suite("SQLite files: read-only always, refused clearly, a writer's changes seen from the next first page")
struct SQLiteFileTests {
  static func fileState(_ path: String) throws -> (bytes: Data, modified: Date) {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (try Data(contentsOf: URL(fileURLWithPath: path)), attributes[.modificationDate] as! Date)
  }

  /// Everything a session does: pages in every order, search, sections, a check.
  static func browse(_ catalogue: SQLiteCatalogue) throws {
    for order in ItemOrder.allCases {
      _ = allPages(catalogue, CatalogueQuery(order: order, filter: ItemQuery("cafe"), grouping: .shop))
      _ = catalogue.findMatches(of: ItemQuery("羊毛"), in: CatalogueQuery(order: order))
    }
    _ = try catalogue.check()
  }

  @Test("a session leaves the file's bytes and modification time as they were (rollback journal and WAL)")
  func readOnly() throws {
    let fixture = try CatalogueFixture(count: 80, seed: 5)
    let wal = fixture.folder + "/wal.sqlite"
    try FileManager.default.copyItem(atPath: fixture.database, toPath: wal)
    let writer = try DatabaseQueue(path: wal)
    try writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
    try writer.close()
    for path in [fixture.database, wal] {
      // A modification time long past, so that any write would show in it (no sleep needed).
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: path)
      let before = try Self.fileState(path)
      try Self.browse(try SQLiteCatalogue.open(path: path, pageSize: 5))
      let after = try Self.fileState(path)
      #expect(after.bytes == before.bytes, "\(path)")
      #expect(after.modified == before.modified, "\(path)")
    }
  }

  @Test(
    "a database written while it is browsed (WAL): the pages go on by keyset, a refresh (the first page) sees the change"
  )
  func writtenWhileBrowsed() throws {
    let fixture = try CatalogueFixture(count: 60, seed: 6)
    let query = CatalogueQuery(order: .priceAscending)
    let (writer, catalogue, first) = try fixture.walSession(query)
    // Another process deletes the first page's items and adds a cheaper one, then the viewer reads on.
    try writer.write { db in
      try db.execute(sql: "DELETE FROM items WHERE id IN (SELECT id FROM items ORDER BY price_up, id LIMIT 10)")
      try db.execute(
        sql: """
          INSERT INTO items(w, h, img, price, title, shop, price_up, price_down, title_key)
          VALUES (1, 1, '', '¥0.01', 'new', '', 0.01, -0.01, x'6e6577')
          """)
      try db.execute(sql: "UPDATE waterfall_catalogue SET value = '51' WHERE key = 'item_count'")
    }
    let oracle = allPages(ItemCatalogue(items: fixture.items, pageSize: 10), query)
    var ids = first.ids
    var cursor = first.next
    while let next = cursor, case .page(let page) = catalogue.fetch(CataloguePageRequest(query: query, cursor: next)) {
      ids += page.ids
      cursor = page.next
    }
    // The rows after the first page's last were not touched: the same as before the write.
    #expect(ids == oracle.flatMap(\.ids), "the pages after the first go on by keyset")
    let refreshed = allPages(catalogue, query)
    #expect(refreshed.first?.items.first?.title == "new", "the first page again sees the new item")
    #expect(refreshed.flatMap(\.ids).count == 51 && catalogue.itemCount == 51)
    try writer.close()
  }

  static func openingFails(_ path: String, table: String? = nil) -> SQLiteCatalogueError? {
    do {
      _ = try SQLiteCatalogue.open(path: path, table: table)
      return nil
    } catch {
      return error
    }
  }

  @Test("missing, not a database, a directory, corrupt: the file and the reason")
  func unusableFiles() throws {
    let fixture = try CatalogueFixture(count: 400, seed: 7)
    #expect(
      Self.openingFails(fixture.folder + "/none.sqlite")?.description == "\(fixture.folder)/none.sqlite: no such file")
    let text = fixture.write("text.sqlite", "just some text, long enough to be more than a header of a database file")
    #expect(Self.openingFails(text)?.description == "\(text): not a SQLite database")
    #expect(Self.openingFails(fixture.folder)?.reason == "a directory, not a database")
    // The header intact, every page after the first overwritten.
    var bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
    bytes.replaceSubrange(4096..<bytes.count, with: Data(repeating: 0x5A, count: bytes.count - 4096))
    let corrupt = fixture.folder + "/corrupt.sqlite"
    _ = FileManager.default.createFile(atPath: corrupt, contents: bytes)
    let failure = Self.openingFails(corrupt)
    #expect(failure?.file == corrupt)
    #expect(
      failure?.reason.contains("corrupt") == true || failure?.reason.contains("malformed") == true,
      "\(String(describing: failure))")
  }

  @Test("a database another process holds locked is refused as locked, after a bounded wait")
  func locked() throws {
    let fixture = try CatalogueFixture(count: 5, seed: 8)
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let holder = try DatabaseQueue(path: fixture.database, configuration: configuration)
    try holder.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
      try db.execute(sql: "BEGIN EXCLUSIVE")
      try db.execute(sql: "UPDATE items SET title = title")
    }
    let failure = Self.openingFails(fixture.database)
    #expect(failure?.reason.hasPrefix("the database is locked") == true, "\(String(describing: failure))")
    try holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    try holder.close()
  }

  @Test("no items table, a missing table, missing columns, no row ids: each named")
  func missingParts() throws {
    let fixture = try CatalogueFixture(count: 5, seed: 9)
    let other = fixture.folder + "/other.db"
    let queue = try DatabaseQueue(path: other)
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE things(name TEXT, width INT)")
      try db.execute(sql: "CREATE TABLE keyed(w INT, h INT, price TEXT, PRIMARY KEY (w)) WITHOUT ROWID")
    }
    try queue.close()
    #expect(
      Self.openingFails(other)?.reason
        == "not a Waterfall catalogue: it lacks the waterfall_catalogue and items tables `waterfall import` writes; "
        + "name a table with --table NAME (its tables: keyed, things)")
    #expect(Self.openingFails(other, table: "nope")?.reason == "no table named nope (its tables: keyed, things)")
    #expect(
      Self.openingFails(other, table: "things")?.reason
        == "table things has no h or height, price column (its columns: name, width)")
    #expect(Self.openingFails(other, table: "keyed")?.reason == "table keyed has no row ids (WITHOUT ROWID)")
  }
}
