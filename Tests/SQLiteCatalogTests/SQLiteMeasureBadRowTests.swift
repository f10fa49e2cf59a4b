import Foundation
import SQLiteCatalog
import ShopCatalog
import Testing

/// A row changed by hand to a value the pages cannot use is left out of them; `G`'s measure leaves it out too, so
/// its count, its shapes and the ranks its pages start at are the items browsing shows (it counted 30 where
/// scrolling found 29).
@Suite("G over a SQLite catalogue with an unusable row agrees with browsing")
struct SQLiteMeasureBadRowTests {
  /// Every stretch of `query`'s result, `limit` rows a stretch, each asked as the viewer asks it (with the items
  /// measured before it): the shapes, the page starts and their ranks, and the last stretch's count.
  static func measureAll(
    _ catalogue: SQLiteCatalogue, _ query: CatalogueQuery, limit: Int
  ) throws -> (shapes: [MeasuredShape], starts: [PageCursor?], ranks: [Int], count: Int) {
    var whole: (shapes: [MeasuredShape], starts: [PageCursor?], ranks: [Int], count: Int) = ([], [], [], 0)
    var from: PageCursor?
    repeat {
      var request = MeasureRequest(query: query, from: from, limit: limit)
      request.itemsBefore = whole.shapes.count
      guard case .stretch(let stretch) = catalogue.measure(request) else {
        Issue.record("not measured")
        return whole
      }
      whole.shapes += stretch.shapes
      whole.starts += stretch.pageStarts
      whole.ranks += try #require(stretch.pageStartRanks)
      whole.count = stretch.resultCount
      from = stretch.next
    } while from != nil
    return whole
  }

  @Test(
    "the count, the shapes and each page's first rank are those of the pages read in turn",
    arguments: SQLiteBadRowTests.kinds)
  func agreesWithBrowsing(_ kind: SQLiteBadRowTests.BadKind) throws {
    let fixture = try CatalogueFixture(count: SQLiteBadRowTests.count, seed: 44)
    let catalogue = try SQLiteCatalogue.open(path: try SQLiteBadRowTests.spoilImported(fixture, kind), pageSize: 7)
    for query in [CatalogueQuery(), CatalogueQuery(order: .priceDescending)] {
      let browsed = allPages(catalogue, query).flatMap(\.items)
      #expect(browsed.count == SQLiteBadRowTests.count - 1)
      // Stretches of 14 rows: two pages each, the left-out row in the first.
      let measured = try Self.measureAll(catalogue, query, limit: 14)
      #expect(measured.count == browsed.count, "\(kind.name), \(query)")
      #expect(measured.shapes.count == browsed.count, "\(kind.name), \(query)")
      #expect(measured.shapes.map(\.width) == browsed.map(\.width), "\(kind.name), \(query)")
      // Each page fetched from its measured cursor holds the items from its rank to the next page's.
      let ends = Array(measured.ranks.dropFirst()) + [browsed.count]
      for (page, cursor) in measured.starts.enumerated() {
        guard case .page(let got) = catalogue.fetch(CataloguePageRequest(query: query, cursor: cursor)) else {
          Issue.record("page \(page) failed")
          continue
        }
        let expected = browsed[measured.ranks[page]..<ends[page]]
        #expect(got.items.map(\.title) == expected.map(\.title), "page \(page), \(kind.name), \(query)")
      }
    }
  }
}
