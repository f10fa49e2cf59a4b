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

  @Test("a role that may write rows but not read the rules gets its row's keys: the trigger runs as the writer")
  func writerWithoutTheRules() throws {
    guard let fixture = try PostgresFixture(count: 10, seed: 7) else { return }
    let role = "writer_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    let database = String(fixture.address.split(separator: "/").last!)
    try TestServer.psql(
      fixture.address,
      """
      CREATE ROLE \(role) LOGIN PASSWORD 'only-writes';
      GRANT CONNECT ON DATABASE \(database) TO \(role);
      GRANT USAGE ON SCHEMA waterfall TO \(role);
      GRANT SELECT, INSERT ON waterfall.items TO \(role);
      GRANT USAGE ON SEQUENCE waterfall.items_id_seq TO \(role);
      GRANT DELETE ON waterfall.waterfall_shapes TO \(role);
      """)
    let at = fixture.address.range(of: "@", options: .backwards)!
    let address = "postgresql://\(role):only-writes" + fixture.address[at.lowerBound...]
    try TestServer.psql(
      address, "INSERT INTO waterfall.items (w, h, price, title, shop) VALUES (3, 4, '¥1,299', 'Café late', 'Alpha')")
    let keys = try TestServer.psql(
      fixture.address,
      "SELECT id, price_up, price_down, split_part(search, E'\\n', 1) FROM waterfall.items WHERE title = 'Café late'")
    #expect(keys == "11|1299|-1299|cafe late", "\(keys)")
    // The function no longer runs as its owner: nothing a writer puts on the path runs with the importer's rights.
    #expect(
      try TestServer.psql(fixture.address, "SELECT prosecdef FROM pg_proc WHERE proname = 'waterfall_items_keys'")
        == "f")
  }

  @Test("a role that may not use the catalogue's schema is told so, not that there is no catalogue")
  func schemaNotGranted() throws {
    guard let fixture = try PostgresFixture(count: 3, seed: 8) else { return }
    let role = "outsider_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    let database = String(fixture.address.split(separator: "/").last!)
    try TestServer.psql(
      fixture.address,
      "CREATE ROLE \(role) LOGIN PASSWORD 'no-usage'; GRANT CONNECT ON DATABASE \(database) TO \(role);")
    let at = fixture.address.range(of: "@", options: .backwards)!
    let address = "postgresql://\(role):no-usage" + fixture.address[at.lowerBound...]
    #expect {
      try PostgresCatalogue.open(address: address)
    } throws: { error in
      "\(error)".contains("this role may not use schema waterfall")
    }
  }
}
