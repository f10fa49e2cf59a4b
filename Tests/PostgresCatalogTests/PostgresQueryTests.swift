import Foundation
import PostgresCatalog
import ShopCatalog
import Testing

/// The PostgreSQL source must answer every query exactly as the in-memory catalogue does: the same items in the
/// same order, the same sections and counts, page after page through its keyset cursors, the same ranks and the
/// same "next match" positions.
@Suite("A PostgreSQL catalogue answers queries as the in-memory catalogue does")
struct PostgresQueryTests {
  static let patterns: [String?] = [
    nil, "cafe", "CAFÉ", "ab", "ＡＢＣ", "羊毛", "新品羊毛衫", "item 1", "rot", "¥99", "e", "zzz", "50%", "%", "_", "\\",
    // The filter language: conditions on fields, words turned round.
    "price<100", "price:1..99.5", "-price>=1299", "-cafe", "shop:\"shop a\"", "-shop:b", "color:rot", "-color:red",
    "item -2 price<=99", "title:羊毛", "price=7", "color>1", "-%", "shop=\"Shop A\"|\"shop b\"", "price:..<7|99..",
    "-color=\"rot\"", "price=\"¥99\"",
  ]
  static let groupings: [ItemField?] = [nil, .shop, .price, .title, .extra("color")]

  @Test("an imported catalogue: every order, search and section against the oracle")
  func imported() throws {
    guard let fixture = try PostgresFixture(count: 150, seed: 1) else { return }
    #expect(fixture.summary.items == fixture.items.count)
    #expect(fixture.summary.notes.isEmpty, "pg_trgm is in PostgreSQL 15's own package")
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 7)
    #expect(catalogue.itemCount == fixture.items.count)
    #expect(Set(catalogue.fields) == [.shop, .price, .title, .extra("color")])
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 7)
    // The facet panel's counts, by a GROUP BY on the server: as the column store counts them.
    for pattern in Self.patterns {
      for field in [ItemField.shop, .price, .title, .extra("color")] {
        let query = CatalogueQuery(filter: pattern.map(ItemQuery.init))
        let (got, want) = (
          catalogue.facet(field, in: query, limit: 4, cancellation: WorkCancellation()),
          oracle.facet(field, in: query, limit: 4, cancellation: WorkCancellation())
        )
        #expect(got != nil && got == want, "facet \(field.name) \(pattern ?? "-")")
      }
    }
    for order in ItemOrder.allCases {
      for pattern in Self.patterns {
        for grouping in Self.groupings {
          let query = CatalogueQuery(order: order, filter: pattern.map(ItemQuery.init), grouping: grouping)
          let (expected, got) = (allPages(oracle, query), allPages(catalogue, query))
          let label = "\(order) \(pattern ?? "-") \(grouping?.name ?? "-")"
          #expect(got.flatMap(\.ids) == expected.flatMap(\.ids), "\(label)")
          #expect(got.flatMap(\.items).map(\.title) == expected.flatMap(\.items).map(\.title), "\(label)")
          #expect(sections(got) == sections(expected), "\(label)")
          #expect(got.allSatisfy { $0.resultCount == expected.first?.resultCount }, "\(label)")
          #expect(got.dropLast().allSatisfy { $0.items.count == 7 }, "full pages but the last: \(label)")
          let ids = expected.flatMap(\.ids)
          for rank in Array(stride(from: 0, to: ids.count, by: 11)) + (ids.isEmpty ? [] : [ids.count - 1]) {
            #expect(catalogue.rank(of: ids[rank], in: query) == rank, "\(label) rank \(rank)")
          }
          let shown = Set(ids)
          for missing in (0..<fixture.items.count).map(ItemID.init(_:)).filter({ !shown.contains($0) }).prefix(2) {
            #expect(catalogue.rank(of: missing, in: query) == nil, "\(label) \(missing)")
          }
        }
      }
    }
  }

  @Test("the rank of every match, in every order and grouping, as the in-memory catalogue finds them")
  func matches() throws {
    guard let fixture = try PostgresFixture(count: 120, seed: 2) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 10)
    for order in ItemOrder.allCases {
      for filter in [nil, "e"] as [String?] {
        for grouping in Self.groupings {
          let query = CatalogueQuery(order: order, filter: filter.map(ItemQuery.init), grouping: grouping)
          for pattern in ["cafe", "羊毛", "item 0", "zzz", "%"] {
            let label = "\(order) \(filter ?? "-") \(grouping?.name ?? "-") \(pattern)"
            #expect(
              catalogue.findMatches(of: ItemQuery(pattern), in: query)
                == oracle.findMatches(of: ItemQuery(pattern), in: query), "\(label)")
          }
        }
      }
    }
  }

  @Test("the items read back are the items imported, field by field, a tab and a backslash included")
  func readBack() throws {
    guard let fixture = try PostgresFixture(count: 60, seed: 3) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 25)
    let got = allPages(catalogue, CatalogueQuery())
    let read = got.flatMap(\.items)
    #expect(read.count == fixture.items.count)
    for (item, expected) in zip(read, fixture.items) {
      #expect(item.title == expected.title)
      #expect(item.price == expected.price)
      #expect(item.shop == expected.shop)
      #expect(item.width == expected.width && item.height == expected.height)
      #expect(item.extraFields == expected.extraFields)
      #expect(item.imageURL == fixture.folder + "/" + expected.imageURL)
    }
    #expect(read.contains { $0.title.contains("\t") } && read.contains { $0.title.contains("\\") })
  }

  /// Every page of `query`, following each page's cursor.
  func allPages(_ source: any CatalogueSource, _ query: CatalogueQuery) -> [CataloguePage] {
    var pages: [CataloguePage] = []
    var request = CataloguePageRequest(query: query)
    while pages.count < 1_000 {
      guard case .page(let page) = source.fetch(request) else {
        Issue.record("a page failed: \(source.fetch(request))")
        return pages
      }
      pages.append(page)
      guard let next = page.next else { break }
      request = CataloguePageRequest(query: query, cursor: next, pageNumber: pages.count)
    }
    return pages
  }

  /// The sections a run of pages shows: each name with its total, in order.
  func sections(_ pages: [CataloguePage]) -> [String] {
    var seen: [String] = []
    for run in pages.flatMap(\.groups) where seen.last != "\(run.name) \(run.totalCount)" {
      seen.append("\(run.name) \(run.totalCount)")
    }
    return seen
  }
}
