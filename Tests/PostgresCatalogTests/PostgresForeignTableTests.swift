import Foundation
import PostgresCatalog
import ShopCatalog
import Testing

/// `--table NAME` on a PostgreSQL address: a table not made by `waterfall import`, its columns named as dataset
/// fields, answers every query on the server by its documented rules (``ShopTableOracle``) and announces rows
/// others add; a table without a required column is refused naming it; a role that may only SELECT it reads it.
@Suite("A PostgreSQL table named with --table")
struct PostgresForeignTableTests {
  /// The imported catalogue's suite, for its helpers that page through a query.
  let paged = PostgresQueryTests()
  static let titles = ["Café crème", "ＡＢＣ jacket", "新品羊毛衫", "rot item 1", "item 12", "cafe", "", "Zebra", "ab ab"]
  static let prices = ["¥99-199", "1,299.99", "1.234,56", "free", "¥10", "99~199元", "", "12", "1,050", "3.5"]
  static let shops = ["Shop A", "", "Café Shop", "  ", "ＳＨＯＰ"]
  static let colors: [String?] = ["red", nil, "Rot", "blue"]

  /// `count` rows as JSON objects named as `products`' columns: `name` (the title's alias), `width`, `height`,
  /// `image`, `url` (the page, beside a picture), a number column `stock` and a text column `color`.
  static func rows(count: Int) -> [[String: Any]] {
    var state: UInt64 = 7
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    return (0..<count).map { id in
      var row: [String: Any] = [
        "id": id + 1, "name": titles[next(titles.count)] + " \(next(30))", "price": prices[next(prices.count)],
        "width": 100 + next(900), "height": 100 + next(900), "image": "https://example.com/\(id).jpg",
        "url": "https://shop.example.com/p/\(id)", "shop": shops[next(shops.count)], "stock": next(50),
      ]
      if let color = colors[next(colors.count)] { row["color"] = color }
      return row
    }
  }

  /// A new database holding `products` with `rows`, and the same rows as a JSON Lines file: the oracle's items.
  static func products(count: Int) throws -> (address: String, items: [ShopItem])? {
    guard let address = try TestServer.freshDatabase() else { return nil }
    let rows = rows(count: count)
    let json = String(decoding: try JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys]), as: UTF8.self)
    try TestServer.psql(
      address,
      """
      CREATE TABLE products(
        id integer PRIMARY KEY, name text, price text NOT NULL, width integer, height integer, image text,
        url text, shop text, stock integer, color text);
      INSERT INTO products SELECT * FROM jsonb_populate_recordset(NULL::products, $rows$\(json)$rows$::jsonb);
      """)
    let lines = try rows.map {
      String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
    }
    let items = try DatasetLoader.read(
      bytes: Array((lines.joined(separator: "\n") + "\n").utf8), format: .jsonLines, file: "products.jsonl"
    ).items
    #expect(items.count == count)
    return (address, items)
  }

  static func open(_ address: String, table: String, pageSize: Int) throws(SourceFailure) -> any OpenedSource {
    try PostgresSource(pageSize: pageSize, table: table).open(
      .named(address), whole: true, query: CatalogueQuery())
  }

  @Test("every order, search and section answered on the server by its rules, across keyset pages")
  func queries() throws {
    guard let (address, items) = try Self.products(count: 90) else { return }
    let opened = try Self.open(address, table: "products", pageSize: 7)
    let catalogue = opened.source
    #expect(catalogue is PostgresCatalogue, "a table with an integer id is answered on the server")
    #expect(
      Set(opened.allFields()) == [.shop, .price, .title, .extra("color"), .extra("id"), .extra("stock"), .extra("url")])
    let oracle = try ShopTableOracle(items: items, address: address)
    // The facet panel's counts, by a GROUP BY of the stored values: as the column store counts the same rows.
    let file = ItemCatalogue(items: items, pageSize: 7)
    for field in [ItemField.shop, .price, .title, .extra("color"), .extra("stock")] {
      let (got, want) = (
        catalogue.facet(field, in: CatalogueQuery(), limit: 5, cancellation: WorkCancellation()),
        file.facet(field, in: CatalogueQuery(), limit: 5, cancellation: WorkCancellation())
      )
      #expect(got != nil && got == want, "facet \(field.name)")
    }
    for order in ItemOrder.allCases {
      for pattern in [
        nil, "rot", "item 1", "¥99", "shop", "zzz", "price<100", "-price:..99", "color:rot", "-color:red", "-rot",
        "shop:\"shop a\"", "stock>=3", "item price>=10", "shop=\"shop a\"|\"Shop B\"", "price:..<10|99..",
      ] as [String?] {
        for grouping in [nil, .shop, .price, .title, .extra("color")] as [ItemField?] {
          let query = CatalogueQuery(order: order, filter: pattern.map(ItemQuery.init), grouping: grouping)
          let got = paged.allPages(catalogue, query)
          let expected = oracle.result(query)
          let label = "\(order) \(pattern ?? "-") \(grouping?.name ?? "-")"
          #expect(got.flatMap(\.ids).map(\.rawValue) == expected.ids, "\(label)")
          #expect(paged.sections(got) == expected.sections, "\(label)")
          #expect(got.first?.resultCount ?? 0 == expected.ids.count, "\(label)")
          #expect(
            catalogue.findMatches(of: ItemQuery("rot"), in: query) == oracle.ranks(of: "rot", in: query), "\(label)")
        }
      }
    }
  }

  /// Where the server's rules differ from the file's (docs/sources.md, "A shop's own table"): a price written
  /// with a decimal comma reads its first group, and search does not fold accents.
  @Test("the server's orders and search where they differ from a file's")
  func differencesFromFileRules() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    try TestServer.psql(
      address,
      """
      CREATE TABLE products(id integer PRIMARY KEY, title text, price text, w integer, h integer);
      INSERT INTO products VALUES (1, 'Café crème', '1.234,56', 10, 10), (2, 'cafe', '12', 10, 10);
      """)
    let source = try Self.open(address, table: "products", pageSize: 50).source
    let cheapest = paged.allPages(source, CatalogueQuery(order: .priceAscending)).flatMap(\.items).map(\.title)
    #expect(cheapest == ["Café crème", "cafe"], "1.234,56 is read as 1.234 on the server (1234.56 in a file)")
    #expect(source.findMatches(of: ItemQuery("cafe"), in: CatalogueQuery()) == [1], "café is not found by cafe")
    #expect(source.findMatches(of: ItemQuery("Crème"), in: CatalogueQuery()) == [0], "crème is found as typed")
    let file = ItemCatalogue(
      items: paged.allPages(source, CatalogueQuery()).flatMap(\.items), pageSize: 50)
    #expect(
      paged.allPages(file, CatalogueQuery(order: .priceAscending)).flatMap(\.items).map(\.title) == [
        "cafe", "Café crème",
      ])
    #expect(file.findMatches(of: ItemQuery("cafe"), in: CatalogueQuery()) == [0, 1])
  }

  @Test("a row another client commits is announced, and read by the next first page, with nothing held")
  func addedRowsAnnounced() throws {
    guard let (address, _) = try Self.products(count: 12) else { return }
    let catalogue = try #require(Self.open(address, table: "products", pageSize: 5).source as? PostgresCatalogue)
    #expect(catalogue.itemCount == 12)
    try TestServer.psql(
      address, "INSERT INTO products(id, name, price, width, height) VALUES (13, 'Added by the shop', '¥0.01', 10, 20)")
    var waited = 0
    while catalogue.progress.newItems == 0 && waited < 200 {
      Thread.sleep(forTimeInterval: 0.05)
      waited += 1
    }
    #expect(catalogue.progress.newItems == 1)
    let cheapest = paged.allPages(catalogue, CatalogueQuery(order: .priceAscending))
    #expect(cheapest.first?.items.first?.title == "Added by the shop")
    #expect(catalogue.itemCount == 13 && catalogue.progress.newItems == 0)
  }

  @Test("a large table's first page does not wait for its count: its size is not said until counted")
  func countLeftToAThread() throws {
    guard let (address, _) = try Self.products(count: 30) else { return }
    try TestServer.psql(address, "ANALYZE products")
    let catalogue = try #require(Self.open(address, table: "products", pageSize: 5).source as? PostgresCatalogue)
    catalogue.countsAtOnceUpTo = 10
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery(order: .title))) else {
      Issue.record("the first page failed")
      return
    }
    #expect(first.resultCount == nil, "the count is left to a thread over more rows than countsAtOnceUpTo")
    var waited = 0
    while catalogue.progress.total == nil && waited < 200 {
      Thread.sleep(forTimeInterval: 0.05)
      waited += 1
    }
    #expect(first.items.count == 5 && catalogue.progress.total == 30 && catalogue.itemCount == 30)
  }

  @Test("a row the rules reject is left out of its section's run too: the runs add up to the page's items")
  func rejectedRowInSections() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    try TestServer.psql(
      address,
      """
      CREATE TABLE products(id integer PRIMARY KEY, title text, price text, w numeric, h numeric, shop text);
      INSERT INTO products SELECT i, 'item ' || i, '¥' || i, 10, 10, 'shop ' || (i % 3) FROM generate_series(1, 20) AS i;
      UPDATE products SET w = 1e-150, h = 1e150 WHERE id IN (3, 4);
      """)
    let source = try Self.open(address, table: "products", pageSize: 4).source
    let pages = paged.allPages(source, CatalogueQuery(grouping: .shop))
    for page in pages {
      #expect(page.groups.reduce(0) { $0 + $1.count } == page.items.count, "\(page.groups) \(page.items.count)")
    }
    #expect(pages.flatMap(\.items).count == 18)
    #expect(pages.flatMap(\.skippedPages).count == 4, "each bad side named: \(pages.flatMap(\.skippedPages))")
  }

  @Test("a table without an integer id is read into memory by the file rules")
  func withoutIntegerID() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    try TestServer.psql(
      address,
      """
      CREATE TABLE products(id text PRIMARY KEY, title text, price text, w integer, h integer);
      INSERT INTO products VALUES ('b', 'Second', '1.234,56', 10, 10), ('a', 'First', '12', 10, 10);
      """)
    let opened = try Self.open(address, table: "products", pageSize: 50)
    #expect(!(opened.source is PostgresCatalogue))
    let cheapest = paged.allPages(opened.source, CatalogueQuery(order: .priceAscending)).flatMap(\.items)
    #expect(cheapest.map(\.title) == ["First", "Second"])
  }

  @Test("columns by the dataset's names: name is the title, url beside image the page, a number column numbers")
  func columns() throws {
    guard let (address, items) = try Self.products(count: 5) else { return }
    let opened = try Self.open(address, table: "PRODUCTS", pageSize: 50)
    let read = paged.allPages(opened.source, CatalogueQuery()).flatMap(\.items)
    #expect(read.map(\.title) == items.map(\.title) && read.map(\.price) == items.map(\.price))
    let first = try #require(read.first)
    #expect(first.imageURL == "https://example.com/0.jpg")
    #expect(first.width == items[0].width && first.height == items[0].height)
    let stock = try #require(first.extraFields.first { $0.key == "stock" })
    #expect(stock.isNumber, "an integer column's values are numbers, as in the dataset")
    let page = try #require(first.extraFields.first { $0.key == "url" })
    #expect(page.value == "https://shop.example.com/p/0" && !page.isNumber)
  }

  @Test("a table without h or price is refused naming the table and the columns, exit status 2")
  func missingColumns() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    try TestServer.psql(address, "CREATE TABLE bare(id integer, w integer, title text)")
    do {
      _ = try Self.open(address, table: "bare", pageSize: 50)
      Issue.record("a table without h and price opened")
    } catch {
      #expect(error.exitStatus == 2)
      #expect(error.lines.count == 1)
      #expect(
        error.lines.first?.hasSuffix("table bare has no h or height, price column (its columns: id, w, title)") == true,
        "\(error.lines)")
      #expect(error.lines.first?.contains("secret") == false)
    }
    // Two tables that differ only in case, neither named exactly: refused, naming both.
    try TestServer.psql(address, #"CREATE TABLE "Mixed Case"(id int); CREATE TABLE "mixed case"(id int)"#)
    do {
      _ = try Self.open(address, table: "MIXED CASE", pageSize: 50)
      Issue.record("an ambiguous table name opened")
    } catch {
      #expect(
        error.lines.first?.hasSuffix(
          "no table named MIXED CASE; tables that differ from it only in case: Mixed Case, mixed case") == true,
        "\(error.lines)")
    }
    try TestServer.psql(address, #"DROP TABLE "Mixed Case"; DROP TABLE "mixed case""#)
    do {
      _ = try Self.open(address, table: "absent", pageSize: 50)
      Issue.record("a table that is not there opened")
    } catch {
      #expect(error.lines.first?.hasSuffix("no table named absent (its tables: bare)") == true, "\(error.lines)")
    }
    // A schema written into the table's name is told how to name it; a schema not there, so.
    do {
      _ = try Self.open(address, table: "public.bare", pageSize: 50)
      Issue.record("a table named with its schema opened")
    } catch {
      #expect(
        error.lines.first?.hasSuffix(
          "no table named public.bare (its tables: bare; a schema is named with --schema: --schema public --table bare)"
        )
          == true, "\(error.lines)")
    }
    do {
      _ = try PostgresSource(pageSize: 50, table: "bare", schema: "nosuch").open(
        .named(address), whole: true, query: CatalogueQuery())
      Issue.record("a table in a schema that is not there opened")
    } catch {
      #expect(error.lines.first?.hasSuffix("no schema named nosuch in this database") == true, "\(error.lines)")
    }
  }

  @Test("a role that may only SELECT the table reads it")
  func readOnlyRole() throws {
    guard let (address, items) = try Self.products(count: 20) else { return }
    let role = "reader_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    let database = String(address.split(separator: "/").last!)
    try TestServer.psql(
      address,
      """
      CREATE ROLE \(role) LOGIN PASSWORD 'only-reads';
      GRANT CONNECT ON DATABASE \(database) TO \(role);
      GRANT SELECT ON products TO \(role);
      """)
    let at = address.range(of: "@", options: .backwards)!
    let reader = "postgresql://\(role):only-reads" + address[at.lowerBound...]
    let opened = try Self.open(reader, table: "products", pageSize: 50)
    let query = CatalogueQuery(order: .priceAscending, grouping: .shop)
    let expected = try ShopTableOracle(items: items, address: address).result(query)
    #expect(paged.allPages(opened.source, query).flatMap(\.ids).map(\.rawValue) == expected.ids)
  }
}
