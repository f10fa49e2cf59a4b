import Foundation
import ShopCatalog
import TestSupport
import Testing

@testable import PostgresCatalog

/// A shop's database is the shop's: the catalogue lives in a schema of its own, an import writes over only what an
/// import made, and a row any client writes is read by the dataset rules.
@Suite("The catalogue's own schema in a shop's database")
struct PostgresSchemaOwnershipTests {
  /// The shop's own `items` (other columns, its own rows) and `waterfall_catalogue`, in `public`.
  static let shopTables = """
    CREATE TABLE public.items(sku text PRIMARY KEY, stock int);
    INSERT INTO public.items VALUES ('A-1', 3), ('B-2', 0);
    CREATE TABLE public.waterfall_catalogue(note text);
    INSERT INTO public.waterfall_catalogue VALUES ('the shop''s own');
    """

  static let shopRows = "SELECT string_agg(sku || ':' || stock, ',' ORDER BY sku) FROM public.items"

  @Test("a shop's own items and waterfall_catalogue are untouched by an import and by --replace")
  func shopsTablesUntouched() throws {
    guard let fixture = try PostgresFixture(count: 30, seed: 41) else { return }
    try TestServer.psql(fixture.address, Self.shopTables)
    // Made after the first import: a database that had them first is the next test's.
    _ = try PostgresImport.run(sources: [fixture.dataset], address: fixture.address, existing: .replace)
    #expect(try TestServer.psql(fixture.address, Self.shopRows) == "A-1:3,B-2:0")
    #expect(try TestServer.psql(fixture.address, "SELECT note FROM public.waterfall_catalogue") == "the shop's own")
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 50)
    guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("no page")
      return
    }
    #expect(page.items.map(\.title) == fixture.items.map(\.title) && page.resultCount == 30)
  }

  @Test("an import into a database whose public schema has its own items leaves it and opens as a catalogue")
  func importBesideShopsItems() throws {
    guard let address = try TestServer.freshDatabase() else { return }
    try TestServer.psql(address, Self.shopTables)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-schema-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let dataset = folder.appendingPathComponent("items.jsonl").path
    try RandomShopDataset.write(count: 12, seed: 42, words: RandomShopDataset.words, to: dataset)
    let summary = try PostgresImport.run(sources: [dataset], address: address)
    #expect(summary.items == 12)
    #expect(try TestServer.psql(address, Self.shopRows) == "A-1:3,B-2:0")
    #expect(try TestServer.psql(address, "SELECT count(*) FROM waterfall.items") == "12")
    #expect(try PostgresCatalogue.open(address: address).itemCount == 12)
  }

  @Test("a schema holding an items that no import made is refused, with --replace too, and left as it was")
  func othersTablesRefused() throws {
    guard let fixture = try PostgresFixture(count: 5, seed: 43) else { return }
    try TestServer.psql(
      fixture.address,
      "CREATE SCHEMA shop; CREATE TABLE shop.items(sku text); INSERT INTO shop.items VALUES ('kept');")
    for replace in [false, true] {
      do {
        _ = try PostgresImport.run(
          sources: [fixture.dataset], address: fixture.address, schema: "shop", existing: replace ? .replace : .refuse)
        Issue.record("imported over the shop's items (replace: \(replace))")
      } catch {
        #expect(error.description.contains("schema shop holds items, which no import made: nothing was changed"))
      }
      #expect(try TestServer.psql(fixture.address, "SELECT string_agg(sku, ',') FROM shop.items") == "kept")
    }
    // A catalogue table of the same name that an import did not write is not taken for one.
    try TestServer.psql(fixture.address, "CREATE SCHEMA other; CREATE TABLE other.waterfall_catalogue(note text)")
    #expect(throws: PostgresFailure.self) {
      _ = try PostgresImport.run(
        sources: [fixture.dataset], address: fixture.address, schema: "other", existing: .replace)
    }
    #expect(try TestServer.psql(fixture.address, "SELECT to_regclass('other.waterfall_catalogue') IS NOT NULL") == "t")
  }

  @Test("--schema: the catalogue in a schema named, opened by it; the default schema then holds none")
  func namedSchema() throws {
    guard let fixture = try PostgresFixture(count: 8, seed: 44) else { return }
    _ = try PostgresImport.run(sources: [fixture.dataset], address: fixture.address, schema: "Shop Window")
    #expect(try PostgresCatalogue.open(address: fixture.address, schema: "Shop Window").itemCount == 8)
    try TestServer.psql(fixture.address, "DROP SCHEMA waterfall CASCADE")
    do {
      _ = try PostgresCatalogue.open(address: fixture.address)
      Issue.record("opened a catalogue where there is none")
    } catch {
      #expect(error.description.contains("no catalogue in schema waterfall of this database"))
    }
    // A second import into the named schema is refused without --replace and replaces with it.
    #expect(throws: PostgresFailure.self) {
      _ = try PostgresImport.run(sources: [fixture.dataset], address: fixture.address, schema: "Shop Window")
    }
    _ = try PostgresImport.run(
      sources: [fixture.dataset], address: fixture.address, schema: "Shop Window", existing: .replace)
  }

  @Test("a row another client sets to absurd sides is left out of its page and named; the rest are shown")
  func absurdRowSkipped() throws {
    guard let fixture = try PostgresFixture(count: 10, seed: 45) else { return }
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 50)
    try TestServer.psql(fixture.address, "UPDATE waterfall.items SET w = 1e-150, h = 1e150 WHERE id = 3")
    guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else {
      Issue.record("no page")
      return
    }
    #expect(page.ids == [0, 1, 3, 4, 5, 6, 7, 8, 9].map { ItemID($0) })
    #expect(page.skippedPages.count == 2, "\(page.skippedPages)")
    #expect(page.skippedPages.allSatisfy { $0.contains("item 3") && $0.contains("must be between") })
  }
}

@Suite("waterfall import --append into PostgreSQL")
struct PostgresAppendTests {
  @Test("items added after the catalogue's own: every order, search and G as one import of both; viewers told")
  func appendedAsOneImport() throws {
    guard let fixture = try PostgresFixture(count: 300, seed: 64) else { return }
    let viewer = try PostgresCatalogue.open(address: fixture.address, pageSize: 20)
    _ = viewer.fetch(CataloguePageRequest(query: CatalogueQuery()))
    viewer.watchAddedRows(connectDelay: 0)
    defer { viewer.stopWatching() }
    Thread.sleep(forTimeInterval: 0.5)
    let more = fixture.folder + "/more.jsonl"
    try RandomShopDataset.write(count: 200, seed: 65, words: PostgresFixture.words, to: more)
    let summary = try PostgresImport.run(sources: [more], address: fixture.address, existing: .append)
    #expect(summary.items == 200)
    let added = try DatasetLoader.load(path: more).files.flatMap(\.items)
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 20)
    #expect(catalogue.itemCount == 500)
    #expect(try PostgresMeasureTests.packedRuns(fixture.address) == 4, "the shapes packed again")
    try PostgresMeasureTests.expectSameAsOracle(
      catalogue, ItemCatalogue(items: fixture.items + added, pageSize: 20), filters: [nil, "cafe"], label: "appended")
    // The viewer open before it hears of the 200 rows from the catalogue's trigger, at the append's commit.
    let deadline = Date().addingTimeInterval(5)
    while viewer.progress.newItems != 200, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    #expect(viewer.progress.newItems == 200)
  }
}

/// An append shares the catalogue with viewers reading it and clients writing to it.
@Suite("waterfall import --append beside other clients")
struct PostgresAppendBesideClientsTests {
  @Test("an append goes on while a reader's transaction holds the table: it alters nothing a reader would wait on")
  func appendBesideAReader() throws {
    guard let fixture = try PostgresFixture(count: 40, seed: 66) else { return }
    let reader = try PostgresRowKeysTests.writer(fixture)
    defer { reader.close() }
    try reader.run("BEGIN")
    _ = try reader.rows("SELECT count(*) FROM items")
    let more = fixture.folder + "/more.jsonl"
    try RandomShopDataset.write(count: 10, seed: 67, words: PostgresFixture.words, to: more)
    let outcome = SharedValue<Result<ImportSummary, PostgresFailure>?>(nil)
    let ended = DispatchSemaphore(value: 0)
    let address = fixture.address
    Thread.detachNewThread {
      outcome.set(
        Result { () throws(PostgresFailure) in
          try PostgresImport.run(sources: [more], address: address, existing: .append)
        })
      ended.signal()
    }
    // The reader's transaction stays open: an append that altered items or dropped a trigger on it would wait.
    let inTime = ended.wait(timeout: .now() + 30) == .success
    #expect(inTime, "the append waited on the reader")
    try reader.run("COMMIT")
    if !inTime { _ = ended.wait(timeout: .now() + 60) }
    #expect(try outcome.value?.get().items == 10)
    #expect(try TestServer.psql(fixture.address, "SELECT count(*) FROM waterfall.items") == "50")
  }

  @Test("appended after another client deleted a row: the viewer counts the rows there are, and rows added after")
  func countAfterGaps() throws {
    guard let fixture = try PostgresFixture(count: 30, seed: 68) else { return }
    try TestServer.psql(fixture.address, "DELETE FROM waterfall.items WHERE id = 5")
    let more = fixture.folder + "/more.jsonl"
    try RandomShopDataset.write(count: 10, seed: 69, words: PostgresFixture.words, to: more)
    #expect(try PostgresImport.run(sources: [more], address: fixture.address, existing: .append).catalogueItems == 39)
    let catalogue = try PostgresCatalogue.open(address: fixture.address, pageSize: 10)
    _ = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery()))
    #expect(catalogue.itemCount == 39)
    try TestServer.psql(fixture.address, "INSERT INTO waterfall.items (w, h, price, title) VALUES (1, 1, '9', 'late')")
    _ = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery()))
    #expect(catalogue.itemCount == 40)
  }
}
