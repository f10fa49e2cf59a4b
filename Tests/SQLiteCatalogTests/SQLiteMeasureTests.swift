import Foundation
import SQLiteCatalog
import ShopCatalog
import Testing

/// `G` needs every item's shape in the result's order, and a cursor for every page, so that the last page can
/// be fetched without reading the ones before. Both must agree with the in-memory catalogue.
@Suite("Measuring a SQLite result for the end of the masonry")
struct SQLiteMeasureTests {
  /// Every stretch of `query`'s result, `limit` items a stretch.
  static func measureAll(_ source: any CatalogueSource, _ query: CatalogueQuery, limit: Int) -> MeasuredStretch? {
    var whole = MeasuredStretch(shapes: [], pageSize: 0, pageStarts: [], next: nil, resultCount: 0)
    var from: PageCursor?
    repeat {
      guard case .stretch(let stretch) = source.measure(MeasureRequest(query: query, from: from, limit: limit))
      else { return nil }
      whole.shapes += stretch.shapes
      whole.pageStarts += stretch.pageStarts
      (whole.pageSize, whole.resultCount) = (stretch.pageSize, stretch.resultCount)
      from = stretch.next
    } while from != nil
    return whole
  }

  @Test("every order and filter: the shapes in the oracle's order, and each page fetched by its own cursor")
  func agreesWithTheOracle() throws {
    let fixture = try CatalogueFixture(count: 230, seed: 5)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database, pageSize: 20)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 20)
    for order in ItemOrder.allCases {
      for pattern in [nil, "cafe", "羊毛", "zzz"] {
        let query = CatalogueQuery(order: order, filter: pattern.map(ItemQuery.init))
        let measured = try #require(Self.measureAll(catalogue, query, limit: 45))
        let expected = try #require(Self.measureAll(oracle, query, limit: 1_000))
        #expect(measured.shapes == expected.shapes, "\(query)")
        #expect(measured.resultCount == expected.resultCount)
        #expect(measured.pageStarts.count == (expected.resultCount + 19) / 20)
        // Any page from its cursor alone is the oracle's page.
        for (page, cursor) in measured.pageStarts.enumerated() {
          guard case .page(let got) = catalogue.fetch(CataloguePageRequest(query: query, cursor: cursor)),
            case .page(let want) = oracle.fetch(
              CataloguePageRequest(query: query, cursor: page == 0 ? nil : PageCursor(page: page)))
          else {
            Issue.record("page \(page) failed")
            continue
          }
          #expect(got.items.map(\.title) == want.items.map(\.title), "page \(page) of \(query)")
        }
      }
    }
  }

  @Test("sections and foreign tables are not measured, and say why")
  func unavailable() throws {
    let fixture = try CatalogueFixture(count: 30, seed: 6)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database)
    let grouped = catalogue.measure(MeasureRequest(query: CatalogueQuery(grouping: .shop), limit: 10))
    guard case .unavailable(let reason) = grouped else {
      Issue.record("sections measured")
      return
    }
    #expect(reason == "sections load as they come")
    let foreign = try SQLiteCatalogue.open(path: try fixture.writeForeignTable(), table: "products")
    guard case .unavailable = foreign.measure(MeasureRequest(query: CatalogueQuery(), limit: 10)) else {
      Issue.record("a foreign table measured")
      return
    }
  }
}
