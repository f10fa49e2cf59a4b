import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import TestSupport
import Testing

@Suite("waterfall import")
struct ImportTests {
  @Test("an existing output is refused unless replacing; replacing writes the new catalogue")
  func existingOutput() throws {
    let fixture = try CatalogueFixture(count: 10, seed: 10)
    #expect(
      throws: SQLiteCatalogueError(
        file: fixture.database, reason: "already exists (--replace writes over it, --append adds to it)")
    ) {
      try CatalogueImport.run(sources: [fixture.dataset], output: fixture.database)
    }
    let two = fixture.write("two.json", #"[{"w": 1, "h": 2, "price": "¥1"}, {"w": 3, "h": 4, "price": "¥2"}]"#)
    let summary = try CatalogueImport.run(sources: [two], output: fixture.database, existing: .replace)
    #expect(summary.items == 2)
    #expect(try SQLiteCatalogue.open(path: fixture.database).itemCount == 2)
  }

  @Test("--replace writes over only a catalogue an import made or an empty file; another database or a dataset is kept")
  func replaceKeepsWhatImportDidNotMake() throws {
    let fixture = try CatalogueFixture(count: 3, seed: 12)
    let other = fixture.folder + "/shop.db"
    try DatabaseQueue(path: other).write {
      try $0.execute(sql: "CREATE TABLE important(x); INSERT INTO important VALUES (1)")
    }
    for kept in [other, fixture.dataset] {
      let before = try Data(contentsOf: URL(fileURLWithPath: kept))
      let refusal = #expect(throws: SQLiteCatalogueError.self) {
        try CatalogueImport.run(sources: [fixture.dataset], output: kept, existing: .replace)
      }
      #expect(refusal?.reason.hasPrefix("is not a catalogue waterfall import made: --replace writes over") == true)
      #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before, "\(kept) left as it was")
    }
    let empty = fixture.write("empty.sqlite", "")
    #expect(try CatalogueImport.run(sources: [fixture.dataset], output: empty, existing: .replace).items == 3)
  }

  @Test("several sources in order; unusable records skipped and counted; a broken file stops it and leaves nothing")
  func sourcesAndProblems() throws {
    let fixture = try CatalogueFixture(count: 3, seed: 11)
    let bad = fixture.write(
      "bad.jsonl", "{\"w\": 1, \"h\": 1, \"price\": \"1\"}\n{\"w\": -5, \"h\": 1, \"price\": \"2\"}\n")
    let output = fixture.folder + "/both.sqlite"
    var fractions: [Double] = []
    let summary = try CatalogueImport.run(
      sources: [fixture.dataset, bad], output: output,
      progress: {
        fractions.append($0.overall)
      })
    #expect(summary.items == 4 && summary.skipped == 1 && summary.problems.map(\.field) == ["w"])
    #expect(fractions.last == 1 && fractions == fractions.sorted(), "progress only goes forward, to the end")
    let titles = allPages(try SQLiteCatalogue.open(path: output), CatalogueQuery()).flatMap(\.items).map(\.price)
    #expect(titles == fixture.items.map(\.price) + ["1"])

    let broken = fixture.write("broken.json", "[{\"w\": 1, \"h\": 1, \"price\": \"1\"}, {\"w\": ")
    let refused = fixture.folder + "/refused.sqlite"
    #expect(throws: SQLiteCatalogueError.self) {
      try CatalogueImport.run(sources: [fixture.dataset, broken], output: refused)
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: fixture.folder).filter { $0.hasPrefix("refused") }
    #expect(left.isEmpty, "no catalogue and no temporary file: \(left)")
    #expect(throws: SQLiteCatalogueError(file: fixture.folder + "/none.json", reason: "no such file or directory")) {
      try CatalogueImport.run(sources: [fixture.folder + "/none.json"], output: refused)
    }
  }

  @Test("the schema keeps what the viewer queries, with an index for each sort and an FTS5 search table")
  func schema() throws {
    let fixture = try CatalogueFixture(count: 3, seed: 12)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database)
    let indexes = try catalogue.indexNames()
    #expect(Set(["items_by_price_up", "items_by_price_down", "items_by_title", "items_by_shop"]).isSubset(of: indexes))
    let plan = try catalogue.queryPlan(CatalogueQuery(order: .priceAscending))
    #expect(
      plan.contains("SEARCH items USING INDEX items_by_price_up") && !plan.contains("TEMP B-TREE"), "keyset: \(plan)")
    #expect(try catalogue.queryPlan(CatalogueQuery(order: .title)).contains("items_by_title"))
    #expect(try catalogue.queryPlan(CatalogueQuery(filter: ItemQuery("cafe"))).contains("VIRTUAL TABLE INDEX"))
  }
}

@Suite("waterfall import --append")
struct ImportAppendTests {
  /// Every page of `query`'s result, in order: the items' ids.
  static func allIDs(_ source: any CatalogueSource, _ query: CatalogueQuery) -> [ItemID]? {
    var ids: [ItemID] = []
    var cursor: PageCursor?
    repeat {
      guard case .page(let page) = source.fetch(CataloguePageRequest(query: query, cursor: cursor)) else { return nil }
      ids += page.ids
      cursor = page.next
    } while cursor != nil
    return ids
  }

  @Test("the items are added after the catalogue's own, numbered on: every order, search and G as one import of both")
  func appendedAsOneImport() throws {
    let fixture = try CatalogueFixture(count: 300, seed: 61)
    let more = fixture.folder + "/more.jsonl"
    try RandomShopDataset.write(count: 200, seed: 62, to: more)
    let summary = try CatalogueImport.run(sources: [more], output: fixture.database, existing: .append)
    #expect(summary.items == 200)
    let added = try DatasetLoader.load(path: more).files.flatMap(\.items)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database, pageSize: 40)
    let oracle = ItemCatalogue(items: fixture.items + added, pageSize: 40)
    #expect(catalogue.itemCount == 500)
    for order in ItemOrder.allCases {
      for filter in [nil, "cafe", "item 7"] {
        let query = CatalogueQuery(order: order, filter: filter.map(ItemQuery.init))
        #expect(Self.allIDs(catalogue, query) == Self.allIDs(oracle, query), "\(query)")
        // G: the shapes packed again over both, as the oracle measures them.
        guard case .stretch(let got) = catalogue.measure(MeasureRequest(query: query, from: nil, limit: 1_000)),
          case .stretch(let want) = oracle.measure(MeasureRequest(query: query, from: nil, limit: 1_000))
        else {
          Issue.record("not measured: \(query)")
          continue
        }
        #expect(got.items == want.items && got.resultCount == want.resultCount, "\(query)")
      }
    }
  }

  @Test("appending to a file that is not a catalogue changes nothing; appending where there is none makes one")
  func notACatalogue() throws {
    let fixture = try CatalogueFixture(count: 5, seed: 63)
    let other = fixture.folder + "/other.sqlite"
    try "not a database".write(toFile: other, atomically: true, encoding: .utf8)
    #expect(throws: SQLiteCatalogueError.self) {
      try CatalogueImport.run(sources: [fixture.dataset], output: other, existing: .append)
    }
    #expect(try String(contentsOfFile: other, encoding: .utf8) == "not a database")
    let fresh = fixture.folder + "/fresh.sqlite"
    #expect(try CatalogueImport.run(sources: [fixture.dataset], output: fresh, existing: .append).items == 5)
    #expect(try SQLiteCatalogue.open(path: fresh).itemCount == 5)
  }

  @Test("an append keeps a row another client committed in the write-ahead log, and adds after it")
  func appendKeepsAnotherClientsRow() throws {
    let fixture = try CatalogueFixture(count: 20, seed: 64)
    // Another client, its commit still in the WAL (its connection open, so not checkpointed into the file).
    let client = try DatabaseQueue(path: fixture.database)
    try client.writeWithoutTransaction { db in
      _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
      try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
      try db.execute(
        sql: """
          INSERT INTO items(id, w, h, img, price, title, shop, extra, price_up, price_down, title_key)
          SELECT 21, w, h, img, price, 'the client''s row', shop, extra, price_up, price_down, title_key
          FROM items WHERE id = 1
          """)
    }
    let more = fixture.folder + "/more.jsonl"
    try RandomShopDataset.write(count: 5, seed: 65, to: more)
    let summary = try CatalogueImport.run(sources: [more], output: fixture.database, existing: .append)
    #expect(summary.catalogueItems == 26)
    try client.close()
    let check = try DatabaseQueue(path: fixture.database)
    let titles = try check.read { try String.fetchAll($0, sql: "SELECT title FROM items WHERE id >= 21 ORDER BY id") }
    #expect(titles.first == "the client's row" && titles.count == 6, "\(titles)")
  }

  @Test("an append that fails after its first source's rows are written changes nothing in the catalogue")
  func failedAppendChangesNothing() throws {
    let fixture = try CatalogueFixture(count: 20, seed: 66)
    let before = try Data(contentsOf: URL(fileURLWithPath: fixture.database))
    // The second source, an empty folder, fails once the first's rows are in.
    let empty = fixture.folder + "/empty"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    #expect(throws: SQLiteCatalogueError.self) {
      try CatalogueImport.run(sources: [fixture.dataset, empty], output: fixture.database, existing: .append)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.database)) == before)
    #expect(try SQLiteCatalogue.open(path: fixture.database).itemCount == 20)
  }
}
