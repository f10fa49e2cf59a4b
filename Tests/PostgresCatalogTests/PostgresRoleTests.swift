import Foundation
import PostgresCatalog
import ShopCatalog
import Testing

/// Viewing needs nothing but SELECT: a role that may only read the two tables browses, sorts, searches and groups.
@Suite("A PostgreSQL role that may only SELECT")
struct PostgresRoleTests {
  /// A new login role on the fixture's database, allowed to connect and granted `grants` (SQL, `ROLE` standing for
  /// its name): the fixture's address as that role.
  static func address(asNewRole prefix: String, _ fixture: PostgresFixture, granted grants: String) throws -> String {
    let role = prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    let database = String(fixture.address.split(separator: "/").last!)
    try TestServer.psql(
      fixture.address,
      """
      CREATE ROLE \(role) LOGIN PASSWORD 'role-password';
      GRANT CONNECT ON DATABASE \(database) TO \(role);
      \(grants.replacingOccurrences(of: "ROLE", with: role))
      """)
    let at = fixture.address.range(of: "@", options: .backwards)!
    return "postgresql://\(role):role-password" + fixture.address[at.lowerBound...]
  }

  @Test("browses, sorts, searches, groups, ranks and measures (G) with SELECT on items and waterfall_catalogue alone")
  func selectOnly() throws {
    guard let fixture = try PostgresFixture(count: 40, seed: 6) else { return }
    let address = try Self.address(
      asNewRole: "reader", fixture,
      granted: """
        GRANT USAGE ON SCHEMA waterfall TO ROLE;
        GRANT SELECT ON waterfall.items, waterfall.waterfall_catalogue TO ROLE;
        """)
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
    let address = try Self.address(
      asNewRole: "writer", fixture,
      granted: """
        GRANT USAGE ON SCHEMA waterfall TO ROLE;
        GRANT SELECT, INSERT ON waterfall.items TO ROLE;
        GRANT USAGE ON SEQUENCE waterfall.items_id_seq TO ROLE;
        GRANT DELETE ON waterfall.waterfall_shapes TO ROLE;
        """)
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
    let address = try Self.address(asNewRole: "outsider", fixture, granted: "")
    #expect {
      try PostgresCatalogue.open(address: address)
    } throws: { error in
      "\(error)".contains("this role may not use schema waterfall")
    }
    // A name that must be quoted is asked about as a name, not as SQL.
    _ = try PostgresImport.run(sources: [fixture.dataset], address: fixture.address, schema: "Shop Floor")
    #expect {
      try PostgresCatalogue.open(address: address, schema: "Shop Floor")
    } throws: { error in
      "\(error)".contains("this role may not use schema Shop Floor")
    }
  }
}
