import Foundation
import GRDB
import SQLiteCatalog
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// `G` over an imported catalogue reads the shapes packed at import, not the rows: it must measure exactly what
/// the rows would, page by page, in every order; an older catalogue without them, and one changed by hand, are
/// measured from their rows.
@Suite("G from the shapes packed at import")
struct SQLiteShapesTests {
  /// A copy of `fixture`'s catalogue as an import before the packed shapes wrote it: no shapes, no triggers.
  static func withoutShapes(_ fixture: CatalogueFixture, name: String = "old.sqlite") throws -> String {
    let path = fixture.folder + "/" + name
    try FileManager.default.copyItem(atPath: fixture.database, toPath: path)
    try change(path) { db in
      for trigger in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'") {
        try db.execute(sql: "DROP TRIGGER \(trigger)")
      }
      try db.execute(sql: "DROP TABLE waterfall_shapes")
    }
    return path
  }

  /// Writes to the catalogue at `path` as another program would.
  static func change(_ path: String, _ body: (Database) throws -> Void) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.write(body)
    try queue.close()
  }

  static func packedRuns(_ path: String) throws -> Int {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM waterfall_shapes") ?? 0 }
  }

  @Test("every order across several runs: the rows' shapes and counts, and any page from its cursor the same")
  func packedAgreesWithTheRows() throws {
    let fixture = try CatalogueFixture(count: 20_000, seed: 11)
    // 20,000 rows are three runs of 8,192 in each of the four orders.
    #expect(try Self.packedRuns(fixture.database) == 12)
    let packed = try SQLiteCatalogue.open(path: fixture.database, pageSize: 20)
    let rows = try SQLiteCatalogue.open(path: try Self.withoutShapes(fixture), pageSize: 20)
    for order in ItemOrder.allCases {
      let query = CatalogueQuery(order: order)
      let fast = try #require(SQLiteMeasureTests.measureAll(packed, query, limit: 5_000))
      let slow = try #require(SQLiteMeasureTests.measureAll(rows, query, limit: 5_000))
      #expect(fast.shapes == slow.shapes, "\(order)")
      #expect(fast.resultCount == 20_000 && fast.pageStarts.count == 1_000)
      // Pages either side of a run's end and of a stretch's, and the last.
      for page in [0, 1, 249, 250, 409, 410, 819, 820, 999] {
        guard case .page(let got) = packed.fetch(CataloguePageRequest(query: query, cursor: fast.pageStarts[page])),
          case .page(let want) = rows.fetch(CataloguePageRequest(query: query, cursor: slow.pageStarts[page]))
        else {
          Issue.record("page \(page) of \(order) failed")
          continue
        }
        #expect(got.items.count == 20 && got.items.map(\.title) == want.items.map(\.title), "page \(page) of \(order)")
        #expect(got.items.map(\.price) == want.items.map(\.price))
      }
    }
  }

  @Test("G in every order shows the same screen and lands on the same last item with or without the packed shapes")
  func sameScreenAtTheEnd() throws {
    let fixture = try CatalogueFixture(count: 9_000, seed: 12)
    let old = try Self.withoutShapes(fixture)
    for presses in 0..<ItemOrder.allCases.count {
      var screens: [String] = []
      for path in [fixture.database, old] {
        let catalogue = try SQLiteCatalogue.open(path: path, pageSize: 20)
        var options = ViewerOptions()
        options.fixedColumns = 3
        let run = ScriptedRun(source: catalogue, size: GridSize(width: 90, height: 14), options: options)
        _ = run.run(try KeyScript.parse(Array(repeating: "o", count: presses).joined(separator: " ")))
        _ = run.run(try KeyScript.parse("G"))
        #expect(run.viewer.presentation.query.order == ItemOrder.allCases[presses])
        #expect(run.viewer.store.count == 9_000 && run.viewer.store.items.isLoaded(8_999))
        #expect(run.viewer.waterfall.indicesInViewport.contains(8_999))
        screens.append(run.screen.text)
      }
      #expect(screens[0] == screens[1], "order \(ItemOrder.allCases[presses])")
    }
  }

  @Test("a row changed by hand drops the packed shapes: G measures the row as it is now")
  func rowChangedByHand() throws {
    let fixture = try CatalogueFixture(count: 300, seed: 13)
    #expect(try Self.packedRuns(fixture.database) == 4)
    try Self.change(fixture.database) { db in
      try db.execute(sql: "UPDATE items SET w = 3, h = 7, title = 'changed by hand' WHERE id = 5")
    }
    #expect(try Self.packedRuns(fixture.database) == 0)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database, pageSize: 20)
    let measured = try #require(SQLiteMeasureTests.measureAll(catalogue, CatalogueQuery(), limit: 100))
    // A row changed to a value the pages cannot use is left out (SQLiteMeasureBadRowTests).
    #expect(measured.shapes[4] == MeasuredShape(ItemShape(width: 3, height: 7, title: "changed by hand")))
    #expect(measured.resultCount == 300)
  }

  @Test("a far page whose row was deleted by hand after G is the page at its rank, in each sort")
  func farPageAfterADeletedRow() throws {
    let fixture = try CatalogueFixture(count: 300, seed: 15)
    let packed = try SQLiteCatalogue.open(path: fixture.database, pageSize: 20)
    let sorts: [ItemOrder] = [.priceAscending, .priceDescending, .title]
    var starts: [ItemOrder: [PageCursor?]] = [:]
    for order in sorts {
      let measured = SQLiteMeasureTests.measureAll(packed, CatalogueQuery(order: order), limit: 100)
      starts[order] = try #require(measured).pageStarts
    }
    // Rows 101-200 go: in each sort some pages start after one of them.
    try Self.change(fixture.database) { db in try db.execute(sql: "DELETE FROM items WHERE id BETWEEN 101 AND 200") }
    let rows = try SQLiteCatalogue.open(path: fixture.database, pageSize: 20)
    var checked = 0
    for order in sorts {
      let query = CatalogueQuery(order: order)
      let now = try #require(SQLiteMeasureTests.measureAll(rows, query, limit: 100))
      for (page, cursor) in try #require(starts[order]).enumerated() {
        guard case .page(let got) = packed.fetch(CataloguePageRequest(query: query, cursor: cursor)) else {
          Issue.record("page \(page) of \(order) failed")
          continue
        }
        // The row id a cursor's text names (`RANK GROUP ID KEY`).
        let parts = cursor?.token?.split(separator: " ") ?? []
        guard parts.count == 4, let id = Int(parts[2]), (101...200).contains(id) else { continue }
        checked += 1
        guard page < now.pageStarts.count,
          case .page(let want) = rows.fetch(CataloguePageRequest(query: query, cursor: now.pageStarts[page]))
        else {
          #expect(got.items.isEmpty, "page \(page) of \(order): past the end now")
          continue
        }
        #expect(got.items.map(\.title) == want.items.map(\.title), "page \(page) of \(order)")
      }
    }
    #expect(checked > 0)
  }

  @Test("an older catalogue without packed shapes, and a damaged run, are measured from the rows")
  func olderAndDamaged() throws {
    let fixture = try CatalogueFixture(count: 300, seed: 14)
    let expected = try #require(
      SQLiteMeasureTests.measureAll(ItemCatalogue(items: fixture.items, pageSize: 20), CatalogueQuery(), limit: 1_000))
    let old = try SQLiteCatalogue.open(path: try Self.withoutShapes(fixture), pageSize: 20)
    #expect(SQLiteMeasureTests.measureAll(old, CatalogueQuery(), limit: 100)?.shapes == expected.shapes)
    // The shapes table is in an untrusted file too: a run cut short is not believed.
    try Self.change(fixture.database) { db in
      try db.execute(sql: "UPDATE waterfall_shapes SET run = substr(run, 1, 40) WHERE id = 0")
    }
    let damaged = try SQLiteCatalogue.open(path: fixture.database, pageSize: 20)
    #expect(SQLiteMeasureTests.measureAll(damaged, CatalogueQuery(), limit: 100)?.shapes == expected.shapes)
  }
}
