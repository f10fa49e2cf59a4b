import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import Testing

@testable import SQLiteCatalog

/// A SQLite file is untrusted input, and a database another process writes is not held back (issue 30, point 5).
@Suite("SQLite files as untrusted input, read a snapshot at a time")
struct SQLiteUntrustedTests {
  @Test("the connection is defensive, trusts no schema and loads no extension")
  func distrusts() throws {
    let fixture = try CatalogueFixture(count: 5, seed: 11)
    #expect(try SQLiteCatalogue.open(path: fixture.database).connectionDistrusts())
  }

  @Test(
    "a --table whose generated column calls a function that is not innocuous: refused, naming the file and the function, never run"
  )
  func schemaRunsNoUnsafeFunction() throws {
    let fixture = try CatalogueFixture(count: 1, seed: 12)
    let path = fixture.folder + "/hostile.db"
    // The file's author has the functions, so the schema is accepted; the viewer must not run them for it.
    var configuration = Configuration()
    configuration.prepareDatabase { db in CatalogueFunctions.register(in: db) }
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.write { db in
      // The schema names one of the viewer's own functions, which the file's author cannot vouch for.
      try db.execute(
        sql: """
          CREATE TABLE goods(w INT, h INT, price TEXT, name TEXT,
            title TEXT GENERATED ALWAYS AS (waterfall_search_text(name)) VIRTUAL)
          """)
      try db.execute(sql: "INSERT INTO goods(w, h, price, name) VALUES (1, 1, '¥1', 'a')")
    }
    try queue.close()
    #expect {
      _ = try SQLiteCatalogue.open(path: path, table: "goods")
    } throws: { error in
      let reason = (error as? SQLiteCatalogueError)?.reason ?? ""
      return (error as? SQLiteCatalogueError)?.file == path
        && reason.hasPrefix("the schema runs a function an untrusted file may not")
        && reason.contains("unsafe use of waterfall_search_text")
    }
  }

  @Test("a writer's checkpoint completes while the catalogue is open, and its WAL is truncated")
  func checkpointsGoOn() throws {
    let fixture = try CatalogueFixture(count: 60, seed: 13)
    let query = CatalogueQuery(order: .priceAscending)
    let (writer, catalogue, first) = try fixture.walSession(query)
    try writer.write { try $0.execute(sql: "UPDATE items SET title = title || ' (changed)' WHERE id <= 5") }
    let checkpoint = try writer.writeWithoutTransaction { db in
      try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
    #expect(
      checkpoint?[0] as Int? == 0, "the checkpoint was not blocked by a reader: \(String(describing: checkpoint))")
    let walSize = try FileManager.default.attributesOfItem(atPath: fixture.database + "-wal")[.size] as? Int
    #expect(walSize == 0)
    // And the viewer reads on, the next page after the first by keyset.
    guard case .page = catalogue.fetch(CataloguePageRequest(query: query, cursor: first.next)) else {
      Issue.record("no second page")
      return
    }
    try writer.close()
  }

  @Test("the facts kept are bounded: the oldest queries' are forgotten first, the newest always kept")
  func factsBounded() {
    var facts = SQLiteCatalogue.BoundedFacts()
    let queries = (0..<40).map { CatalogueQuery(filter: ItemQuery("term \($0)")) }
    for (number, query) in queries.enumerated() { facts[query] = SQLiteCatalogue.QueryFacts(count: number) }
    #expect(facts.count == SQLiteCatalogue.BoundedFacts.maximumQueries)
    #expect(facts[queries[0]] == nil && facts[queries[39]]?.count == 39)
    let huge = (0..<(SQLiteCatalogue.BoundedFacts.maximumSections + 1)).map {
      SQLiteCatalogue.Section(value: "\($0)", name: "\($0)", count: 1)
    }
    facts[queries[0]] = SQLiteCatalogue.QueryFacts(groups: huge)
    #expect(facts.count == 1 && facts[queries[0]]?.groups?.count == huge.count, "the newest is kept alone")
  }
}

@Suite("A count that failed")
struct FailedCountTests {
  @Test("is not started again by the pages after the first: they go on saying the count is not known")
  func notRestartedOnEveryPage() throws {
    let fixture = try CatalogueFixture(count: 80, seed: 14)
    let path = try fixture.writeForeignTable()
    // A count over more rows than this is counted on a thread, the pages not waiting for it.
    let catalogue = try SQLiteCatalogue.open(path: path, table: "products", pageSize: 5, denseRows: 0)
    let query = CatalogueQuery(filter: ItemQuery("a"))
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: query)) else {
      Issue.record("no first page")
      return
    }
    #expect(first.resultCount == nil, "counted on its thread")
    catalogue.facts.wait { $0[query]?.count != nil }
    #expect(catalogue.countsStarted.withLock { $0 } == 1)
    // As the counting thread leaves a count that failed (the file broke under it, say).
    catalogue.facts.withLock { $0[query] = SQLiteCatalogue.QueryFacts(countFailed: true) }
    var cursor = first.next
    var pages = 0
    while let next = cursor, case .page(let page) = catalogue.fetch(CataloguePageRequest(query: query, cursor: next)) {
      #expect(page.resultCount == nil)
      cursor = page.next
      pages += 1
    }
    #expect(pages > 0)
    #expect(catalogue.countsStarted.withLock { $0 } == 1, "the count was started again by a page")
    // The query's first page again (`r`): counted once more.
    _ = catalogue.fetch(CataloguePageRequest(query: query))
    #expect(catalogue.countsStarted.withLock { $0 } == 2)
  }
}
