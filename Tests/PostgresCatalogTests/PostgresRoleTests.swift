import Foundation
import PostgresCatalog
import ShopCatalog
import Testing

/// Viewing needs nothing but SELECT: a role that may only read the two tables browses, sorts, searches and groups.
@Suite("A PostgreSQL role that may only SELECT")
struct PostgresRoleTests {
  @Test("browses, sorts, searches, groups, ranks and measures (G) with SELECT on items and waterfall_catalogue alone")
  func selectOnly() throws {
    guard let fixture = try PostgresFixture(count: 40, seed: 6) else { return }
    let role = "reader_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    let database = String(fixture.address.split(separator: "/").last!)
    try TestServer.psql(
      fixture.address,
      """
      CREATE ROLE \(role) LOGIN PASSWORD 'only-reads';
      GRANT CONNECT ON DATABASE \(database) TO \(role);
      GRANT USAGE ON SCHEMA waterfall TO \(role);
      GRANT SELECT ON waterfall.items, waterfall.waterfall_catalogue TO \(role);
      """)
    let at = fixture.address.range(of: "@", options: .backwards)!
    let address = "postgresql://\(role):only-reads" + fixture.address[at.lowerBound...]
    let catalogue = try PostgresCatalogue.open(address: address, pageSize: 10)
    let oracle = ItemCatalogue(items: fixture.items, pageSize: 10)
    for query in [
      CatalogueQuery(), CatalogueQuery(order: .title, filter: ItemQuery("e"), grouping: .shop),
      CatalogueQuery(order: .priceAscending, grouping: .extra("color")),
    ] {
      guard case .page(let got) = catalogue.fetch(CataloguePageRequest(query: query)),
        case .page(let expected) = oracle.fetch(CataloguePageRequest(query: query))
      else {
        Issue.record("a page failed for \(query)")
        continue
      }
      #expect(got.ids == expected.ids && got.resultCount == expected.resultCount, "\(query)")
      if let last = expected.ids.last { #expect(catalogue.rank(of: last, in: query) == expected.ids.count - 1) }
    }
    // G: its packed shapes are not granted, so the rows are measured, as the oracle measures them.
    let measured = try #require(PostgresMeasureTests.measureAll(catalogue, CatalogueQuery(), limit: 100))
    let expected = try #require(PostgresMeasureTests.measureAll(oracle, CatalogueQuery(), limit: 100))
    #expect(measured.items == expected.items && measured.resultCount == 40)
    // The same role may not write: it never could, and the session is read-only besides.
    #expect(throws: PostgresFailure.self) {
      try PostgresImport.run(sources: [fixture.dataset], address: address, existing: .replace)
    }
  }
}
