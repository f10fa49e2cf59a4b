import Foundation
import SQLiteCatalog
import ShopCatalog
import Testing

@Suite("waterfall import")
struct ImportTests {
  @Test("an existing output is refused unless replacing; replacing writes the new catalogue")
  func existingOutput() throws {
    let fixture = try CatalogueFixture(count: 10, seed: 10)
    #expect(throws: SQLiteCatalogueError(file: fixture.database, reason: "already exists (--replace writes over it)")) {
      try CatalogueImport.run(sources: [fixture.dataset], output: fixture.database, replace: false)
    }
    let two = fixture.write("two.json", #"[{"w": 1, "h": 2, "price": "¥1"}, {"w": 3, "h": 4, "price": "¥2"}]"#)
    let summary = try CatalogueImport.run(sources: [two], output: fixture.database, replace: true)
    #expect(summary.items == 2)
    #expect(try SQLiteCatalogue.open(path: fixture.database).itemCount == 2)
  }

  @Test("several sources in order; unusable records skipped and counted; a broken file stops it and leaves nothing")
  func sourcesAndProblems() throws {
    let fixture = try CatalogueFixture(count: 3, seed: 11)
    let bad = fixture.write(
      "bad.jsonl", "{\"w\": 1, \"h\": 1, \"price\": \"1\"}\n{\"w\": -5, \"h\": 1, \"price\": \"2\"}\n")
    let output = fixture.folder + "/both.sqlite"
    var fractions: [Double] = []
    let summary = try CatalogueImport.run(
      sources: [fixture.dataset, bad], output: output, replace: false,
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
      try CatalogueImport.run(sources: [fixture.dataset, broken], output: refused, replace: false)
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: fixture.folder).filter { $0.hasPrefix("refused") }
    #expect(left.isEmpty, "no catalogue and no temporary file: \(left)")
    #expect(throws: SQLiteCatalogueError(file: fixture.folder + "/none.json", reason: "no such file or directory")) {
      try CatalogueImport.run(sources: [fixture.folder + "/none.json"], output: refused, replace: false)
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
