import Foundation
import SQLiteCatalog
import ShopCatalog
import Testing

/// The SQLite source must answer every query exactly as the in-memory catalogue does: the same items in the same
/// order, the same sections and counts, page after page through its keyset cursors.
@Suite("A SQLite catalogue answers queries as the in-memory catalogue does")
struct SQLiteQueryTests {
  static let patterns: [String?] = [
    nil, "cafe", "CAFÉ", "ab", "ＡＢＣ", "羊毛", "新品羊毛衫", "item 1", "rot", "¥99", "e", "zzz",
    // The filter language: conditions on fields, words turned round.
    "price<100", "price:1..99.5", "-price>=1299", "-cafe", "shop:\"shop a\"", "-shop:b", "color:rot", "-color:red",
    "item -2 price<=99", "title:羊毛", "price=7", "color>1", "shop=\"Shop A\"|\"shop b\"", "price:..<7|99..",
    "-color=\"rot\"", "price=\"¥99\"",
  ]
  static let groupings: [ItemField?] = [nil, .shop, .price, .extra("color")]

  /// Checks `source` against the oracle on every order, pattern and grouping.
  static func agree(_ source: any CatalogueSource, with items: [ShopItem], pageSize: Int, denseRows: Int = 20_000) {
    let oracle = ItemCatalogue(items: items, pageSize: pageSize)
    // The facet panel's counts, by a GROUP BY: as the column store counts them.
    for pattern in patterns {
      for field in [ItemField.shop, .price, .title, .extra("color")] {
        let query = CatalogueQuery(filter: pattern.map(ItemQuery.init))
        let (got, want) = (
          source.facet(field, in: query, limit: 4, cancellation: WorkCancellation()),
          oracle.facet(field, in: query, limit: 4, cancellation: WorkCancellation())
        )
        #expect(got != nil && got == want, "facet \(field.name) \(pattern ?? "-")")
      }
    }
    for order in ItemOrder.allCases {
      for pattern in patterns {
        for grouping in groupings {
          let query = CatalogueQuery(order: order, filter: pattern.map(ItemQuery.init), grouping: grouping)
          let (expected, got) = (allPages(oracle, query), allPages(source, query))
          let label = "\(order) \(pattern ?? "-") \(grouping?.name ?? "-")"
          #expect(got.flatMap(\.ids) == expected.flatMap(\.ids), "\(label)")
          #expect(got.flatMap(\.items).map(\.title) == expected.flatMap(\.items).map(\.title), "\(label)")
          #expect(sections(got) == sections(expected), "\(label)")
          // A count not known yet (left to a thread on a large table) is nil, never wrong.
          let count = expected.first?.resultCount
          #expect(got.allSatisfy { $0.resultCount == nil || $0.resultCount == count }, "\(label)")
          #expect(got.first?.resultCount != nil || items.count > denseRows, "counted at once when small: \(label)")
          #expect(got.dropLast().allSatisfy { $0.items.count == pageSize }, "full pages but the last: \(label)")
          let ids = expected.flatMap(\.ids)
          // Where an item is in the result (what keeps the user's place), by a keyset count: every seventh
          // rank and the last, and items the filter leaves out are nowhere.
          for rank in Array(stride(from: 0, to: ids.count, by: 7)) + (ids.isEmpty ? [] : [ids.count - 1]) {
            #expect(source.rank(of: ids[rank], in: query) == rank, "\(label) rank \(rank)")
          }
          let shown = Set(ids)
          for missing in (0..<items.count).map(ItemID.init(_:)).filter({ !shown.contains($0) }).prefix(3) {
            #expect(source.rank(of: missing, in: query) == nil, "\(label) \(missing)")
          }
        }
      }
    }
  }

  @Test("an imported catalogue: every order, search and section against the oracle")
  func imported() throws {
    let fixture = try CatalogueFixture(count: 150, seed: 1)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database, pageSize: 7)
    #expect(catalogue.itemCount == fixture.items.count)
    Self.agree(catalogue, with: fixture.items, pageSize: 7)
  }

  @Test("common terms matched row by row as the order is walked, and counts left to a thread, agree too")
  func commonTerms() throws {
    let fixture = try CatalogueFixture(count: 150, seed: 13)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database, pageSize: 8, denseRows: 10)
    Self.agree(catalogue, with: fixture.items, pageSize: 8, denseRows: 10)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 8)
    for pattern in ["cafe", "item", "羊毛", "zzz"] {
      let query = CatalogueQuery(order: .title, filter: ItemQuery(pattern))
      #expect(try catalogue.resultCount(of: query) == allPages(oracle, query).first?.resultCount, "\(pattern)")
    }
    let common = try catalogue.queryPlan(CatalogueQuery(filter: ItemQuery("item")))
    let rare = try catalogue.queryPlan(CatalogueQuery(filter: ItemQuery("zzz")))
    #expect(common.contains("CORRELATED SCALAR SUBQUERY") && !common.contains("LIST SUBQUERY"), "\(common)")
    #expect(rare.contains("LIST SUBQUERY") && rare.contains("VIRTUAL TABLE INDEX"), "\(rare)")
  }

  @Test("any table with --table: columns matched by field names, keys computed in the query")
  func foreignTable() throws {
    let fixture = try CatalogueFixture(count: 120, seed: 2)
    let catalogue = try SQLiteCatalogue.open(path: try fixture.writeForeignTable(), table: "products", pageSize: 9)
    // The table's own id column is one more field, searched like the others.
    let items = fixture.items.enumerated().map { index, item in
      var item = item
      item.extraFields.append(ExtraField(key: "sku", value: "\(index + 1)", isNumber: true))
      return item
    }
    Self.agree(catalogue, with: items, pageSize: 9)
    guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("no page")
      return
    }
    let item = page.items[0]
    #expect(item.imageURL == fixture.items[0].imageURL && item.width == fixture.items[0].width)
    #expect(page.items.map(\.extraFields) == items.prefix(9).map(\.extraFields), "other columns are extra fields")
  }

  @Test("search ranks in the whole result agree with the oracle, in every order and with sections")
  func matchRanks() throws {
    let fixture = try CatalogueFixture(count: 200, seed: 3)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database, pageSize: 10)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 10)
    for order in ItemOrder.allCases {
      for grouping in Self.groupings {
        for pattern in ["cafe", "羊毛", "e", "zzz", "item 10"] {
          let query = CatalogueQuery(order: order, filter: nil, grouping: grouping)
          #expect(
            catalogue.findMatches(of: ItemQuery(pattern), in: query)
              == oracle.findMatches(of: ItemQuery(pattern), in: query), "\(order) \(pattern)")
        }
      }
    }
  }

  @Test("pictures given relative to the dataset file are stored as absolute paths")
  func pictureAddresses() throws {
    let fixture = try CatalogueFixture(count: 3, seed: 4)
    let catalogue = try SQLiteCatalogue.open(path: fixture.database)
    let items = allPages(catalogue, CatalogueQuery()).flatMap(\.items)
    let folder = URL(fileURLWithPath: fixture.folder).standardizedFileURL.path
    #expect(items.map(\.imageURL) == (0..<3).map { "\(folder)/pictures/\($0).jpg" })
    #expect(items.map(\.price) == fixture.items.map(\.price) && items.map(\.shop) == fixture.items.map(\.shop))
    #expect(items.map(\.extraFields) == fixture.items.map(\.extraFields))
  }
}
