import Foundation
import PostgresCatalog
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// The PostgreSQL benchmark's side beside the server (`--probe postgres-suite DATASET FOLDER`, run by
/// `Tests/with-postgres.sh`, which gives it WATERFALL_POSTGRES_URL and WATERFALL_POSTGRES_BIN): the import, then
/// the viewer's figures in fresh processes (`--probe postgres URL`, `--probe postgres-search URL TERM`), each
/// beside psql running the same statements. Prints every ``Measure`` in order.
enum PostgresSuite {
  enum Measure: Int, CaseIterable {
    case importRate, peerImportRate, firstFrame, peerFirstFrame, searchScreenful, peerSearch, rareSearchScreenful,
      peerRareSearch, shortSearchScreenful, peerShortSearch, priceScreenful, peerPrice, titleScreenful, peerTitle,
      goToEnd, peerShapes, peakResident, crowdFirstFrame, crowdGoToEnd, crowdResident, peerCrowdFirstFrame,
      shopFirstFrame, peerShopFirstFrame, shopPriceScreenful, shopTitleScreenful, shopGoToEnd, peerShopShapes,
      shopResident
  }

  /// Viewers browsing the server at once for the crowd's figures: a team sharing one catalogue.
  static let crowdSize = 10

  /// The issue's goals: milliseconds, rows per second, MiB.
  static let goals: [Measure: Double] = [
    .importRate: 100_000, .firstFrame: 100, .searchScreenful: 50, .rareSearchScreenful: 50,
    .shortSearchScreenful: 50, .priceScreenful: 50, .titleScreenful: 50, .goToEnd: 1000, .peakResident: 100,
    .crowdFirstFrame: 100, .crowdGoToEnd: 1000, .crowdResident: 100, .shopFirstFrame: 100, .shopGoToEnd: 1000,
    .shopResident: 100,
  ]

  /// The searches, each cold in a process of its own, with the measure of the psql peer's time.
  static let searches: [(ours: Measure, peer: Measure, term: String)] = [
    (.searchScreenful, .peerSearch, "item 77"), (.rareSearchScreenful, .peerRareSearch, "item 123457"),
    (.shortSearchScreenful, .peerShortSearch, "羊毛"),
  ]

  static let columns = "id, w, h, img, price, title, shop, extra"

  static func main(dataset: String, folder: String) {
    let environment = ProcessInfo.processInfo.environment
    guard let url = environment["WATERFALL_POSTGRES_URL"], let bin = environment["WATERFALL_POSTGRES_BIN"] else {
      fatalError("no WATERFALL_POSTGRES_URL: run by Tests/with-postgres.sh")
    }
    let psql = Psql(program: bin + "/psql", url: url)
    var values: [Measure: Double] = [:]
    let start = Harness.now()
    guard let summary = try? PostgresImport.run(sources: [dataset], address: url, existing: .replace) else {
      fatalError("the import failed")
    }
    values[.importRate] = Double(summary.items) / (Double(Harness.now() - start) / 1e9)
    values[.peerImportRate] = Double(summary.items) / psql.sameImport(folder: folder)
    var runs: [[Double]] = []
    var searched: [Measure: [Double]] = [:]
    var peers: [Measure: [Double]] = [:]
    for _ in 0..<3 {
      let run = Probe.run(["postgres", url])
      if run.count == 5 { runs.append(run) }
      for (ours, peer, term) in searches {
        if let time = Probe.run(["postgres-search", url, term]).first { searched[ours, default: []].append(time) }
        let condition = ItemKeys.terms(of: ItemQuery(term)).map { "search LIKE '%\($0)%'" }.joined(separator: " AND ")
        peers[peer, default: []].append(
          psql.milliseconds([
            "SELECT \(columns) FROM waterfall.items WHERE \(condition) ORDER BY id LIMIT 51",
            "SELECT count(*) FROM waterfall.items WHERE \(condition)",
          ]))
      }
      peers[.peerFirstFrame, default: []].append(
        psql.wallMilliseconds("SELECT \(columns) FROM waterfall.items ORDER BY id LIMIT 51"))
      peers[.peerPrice, default: []].append(
        psql.milliseconds(["SELECT \(columns) FROM waterfall.items ORDER BY price_up, id LIMIT 51"]))
      peers[.peerTitle, default: []].append(
        psql.milliseconds(["SELECT \(columns) FROM waterfall.items ORDER BY title_key, id LIMIT 51"]))
      // The floor of `G` in the dataset's order: every run of its packed shapes (order 0's keys are below 2^32).
      peers[.peerShapes, default: []].append(
        psql.milliseconds(["SELECT id, run FROM waterfall.waterfall_shapes WHERE id < 4294967296 ORDER BY id"]))
    }
    guard !runs.isEmpty else { fatalError("the viewer's probe failed") }
    // Ten viewers started together, each a process of its own doing what one does above: the slowest of them.
    let crowd = Probe.runTogether(["postgres", url], count: crowdSize).filter { $0.count == 5 }
    guard crowd.count == crowdSize else { fatalError("\(crowdSize - crowd.count) of the crowd's viewers failed") }
    values[.crowdFirstFrame] = crowd.map { $0[0] }.max()
    values[.crowdGoToEnd] = crowd.map { $0[3] }.max()
    values[.crowdResident] = crowd.map { $0[4] }.max()
    let peerCrowd = psql.wallMillisecondsTogether(
      "SELECT \(columns) FROM waterfall.items ORDER BY id LIMIT 51", count: crowdSize)
    guard peerCrowd.count == crowdSize else { fatalError("\(crowdSize - peerCrowd.count) of the psql crowd failed") }
    values[.peerCrowdFirstFrame] = peerCrowd.max()
    measureShopTable(psql: psql, url: url, into: &values)
    for (index, measure) in [Measure.firstFrame, .priceScreenful, .titleScreenful, .goToEnd, .peakResident]
      .enumerated()
    {
      values[measure] = Harness.median(runs.map { $0[index] })
    }
    for (measure, samples) in searched.merging(peers, uniquingKeysWith: +) {
      values[measure] = Harness.median(samples)
    }
    print(Measure.allCases.map { String(values[$0] ?? -1) }.joined(separator: " "))
  }

  /// The same rows as a shop's own table (`public.products`: a numeric price, `name` for the title, the indexes
  /// docs/sources.md gives), opened with `--table products` as the viewer opens it, beside psql.
  static func measureShopTable(psql: Psql, url: String, into values: inout [Measure: Double]) {
    _ = psql.milliseconds([
      """
      CREATE TABLE public.products AS SELECT id, title AS name,
        CASE WHEN price_up = 'Infinity' THEN NULL ELSE price_up::numeric(14, 2) END AS price,
        w AS width, h AS height, img AS image, shop FROM waterfall.items
      """,
      "ALTER TABLE public.products ADD PRIMARY KEY (id)",
      "CREATE INDEX ON public.products ((coalesce(price::float8, 'Infinity')), id)",
      "CREATE INDEX ON public.products ((coalesce(name, '')), id)",
      "ANALYZE public.products",
    ])
    var runs: [[Double]] = []
    var peers: [Measure: [Double]] = [:]
    for _ in 0..<3 {
      let run = Probe.run(["postgres-shop", url])
      if run.count == 5 { runs.append(run) }
      peers[.peerShopFirstFrame, default: []].append(
        psql.wallMilliseconds("SELECT * FROM public.products ORDER BY id LIMIT 51"))
      peers[.peerShopShapes, default: []].append(
        psql.milliseconds(["SELECT id, width, height, name FROM public.products ORDER BY id"]))
    }
    guard !runs.isEmpty else { fatalError("the shop table's probe failed") }
    let measures: [Measure] = [.shopFirstFrame, .shopPriceScreenful, .shopTitleScreenful, .shopGoToEnd, .shopResident]
    for (index, measure) in measures.enumerated() { values[measure] = Harness.median(runs.map { $0[index] }) }
    for (measure, samples) in peers { values[measure] = Harness.median(samples) }
  }

  /// The table and JSON's figures from the suite's numbers: each with its goal, and beside psql's.
  static func figures(_ values: [Double], count: Int) -> [Figure] {
    let label = [200_000: "2×10^5", 1_000_000: "10^6", 10_000_000: "10^7"][count] ?? "\(count)"
    func value(_ measure: Measure) -> Double { values[measure.rawValue] }
    func goal(_ measure: Measure, _ unit: String) -> String {
      goals[measure].map { " (goal \(measure == .importRate ? "≥" : "≤") \(Int($0)) \(unit))" } ?? ""
    }
    func timed(_ name: String, _ ours: Measure, _ peer: Measure, _ peerName: String) -> [Figure] {
      [
        .scaling(name: "\(label)-row PostgreSQL: \(name)\(goal(ours, "ms"))", value: value(ours), unit: "ms"),
        .comparison(
          name: "\(label)-row PostgreSQL: \(name) vs \(peerName)", oursNanoseconds: value(ours) * 1e6,
          baselineNanoseconds: value(peer) * 1e6),
      ]
    }
    let samePage = "psql, the same statements"
    return [
      .scaling(
        name: "\(label)-row PostgreSQL: import (generated JSON Lines)\(goal(.importRate, "rows/s"))",
        value: value(.importRate), unit: "rows/s"),
      .comparison(
        name: "\(label)-row PostgreSQL: import vs psql \\copy of its rows + the same indexes",
        oursNanoseconds: 1e9 / value(.importRate), baselineNanoseconds: 1e9 / value(.peerImportRate)),
    ]
      + timed("first frame (connect, first page, 120×40 drawn)", .firstFrame, .peerFirstFrame, "psql's first page")
      + timed("filter 'item 77' cold, Enter to the frame", .searchScreenful, .peerSearch, samePage)
      + timed("filter 'item 123457' cold, Enter to the frame", .rareSearchScreenful, .peerRareSearch, samePage)
      + timed("filter '羊毛' cold, Enter to the frame (2 characters)", .shortSearchScreenful, .peerShortSearch, samePage)
      + timed("sort by price, first screenful", .priceScreenful, .peerPrice, samePage)
      + timed("sort by title, first screenful", .titleScreenful, .peerTitle, samePage)
      + timed(
        "G (every item measured from the packed shapes, the last page fetched)", .goToEnd, .peerShapes,
        "psql reading every packed shape")
      + [
        .scaling(
          name: "\(label)-row PostgreSQL: peak RSS browsing\(goal(.peakResident, "MiB"))",
          value: value(.peakResident) / 1_048_576, unit: "MiB"),
        .scaling(
          name: "\(label)-row PostgreSQL, \(crowdSize) viewers at once: the slowest first frame"
            + goal(.crowdFirstFrame, "ms"), value: value(.crowdFirstFrame), unit: "ms"),
        .comparison(
          name: "\(label)-row PostgreSQL, \(crowdSize) viewers at once: the slowest first frame vs \(crowdSize) psqls",
          oursNanoseconds: value(.crowdFirstFrame) * 1e6, baselineNanoseconds: value(.peerCrowdFirstFrame) * 1e6),
        .scaling(
          name: "\(label)-row PostgreSQL, \(crowdSize) viewers at once: the slowest G\(goal(.crowdGoToEnd, "ms"))",
          value: value(.crowdGoToEnd), unit: "ms"),
        .scaling(
          name: "\(label)-row PostgreSQL, \(crowdSize) viewers at once: the largest peak RSS browsing"
            + goal(.crowdResident, "MiB"), value: value(.crowdResident) / 1_048_576, unit: "MiB"),
      ]
      + timed(
        "a shop's own table (--table): first frame", .shopFirstFrame, .peerShopFirstFrame, "psql's first page")
      + [
        .scaling(
          name: "\(label)-row PostgreSQL, a shop's own table: sort by price, first screenful (indexed)",
          value: value(.shopPriceScreenful), unit: "ms"),
        .scaling(
          name: "\(label)-row PostgreSQL, a shop's own table: sort by title, first screenful (indexed)",
          value: value(.shopTitleScreenful), unit: "ms"),
      ]
      + timed(
        "a shop's own table: G (every row's shape read by keyset)", .shopGoToEnd, .peerShopShapes,
        "psql reading every row's sides and title")
      + [
        .scaling(
          name: "\(label)-row PostgreSQL, a shop's own table: peak RSS browsing, G included"
            + goal(.shopResident, "MiB"), value: value(.shopResident) / 1_048_576, unit: "MiB")
      ]
  }

  /// The viewer's side (`--probe postgres URL`): the first frame, a sort's first screenful by price and by
  /// title, `G`, and the peak RSS before `G`; milliseconds, then bytes.
  static func probe(url: String) {
    // As the viewer opens it: watching for rows other clients add, on a connection of its own.
    let open = {
      let catalogue = try PostgresCatalogue.open(address: url, pageSize: 50)
      catalogue.watchAddedRows()
      return catalogue
    }
    guard let probe = ViewerProbe(open: open),
      let catalogue = probe.catalogue as? PostgresCatalogue
    else { return }
    let byPrice = probe.firstPage(CatalogueQuery(order: .priceAscending)).time / 1e6
    let byTitle = probe.firstPage(CatalogueQuery(order: .title)).time / 1e6
    let browsing = Probe.peakResidentBytes()
    let end = probe.goToEnd(itemCount: catalogue.itemCount) / 1e6
    print(probe.firstFrame / 1e6, byPrice, byTitle, end, browsing)
  }

  /// The viewer's side on a shop's own table (`--probe postgres-shop URL`), as ``probe(url:)``'s figures, the
  /// peak RSS after `G`: its count is waited for first, as `G` needs it.
  static func shopProbe(url: String) {
    let open = {
      try PostgresSource(pageSize: 50, table: "products").open(.named(url), whole: false, query: CatalogueQuery())
        .source
    }
    guard let probe = ViewerProbe(open: open) else { return }
    let byPrice = probe.firstPage(CatalogueQuery(order: .priceAscending)).time / 1e6
    let byTitle = probe.firstPage(CatalogueQuery(order: .title)).time / 1e6
    _ = probe.firstPage(CatalogueQuery())
    while probe.catalogue.progress.total == nil { Thread.sleep(forTimeInterval: 0.01) }
    let end = probe.goToEnd(itemCount: probe.catalogue.progress.total ?? 0) / 1e6
    print(probe.firstFrame / 1e6, byPrice, byTitle, end, Probe.peakResidentBytes())
  }

  /// A cold filter as a user types it (`--probe postgres-search URL TERM`): `& TERM Enter` to the frame showing
  /// the result's first screenful. Prints milliseconds.
  static func searchProbe(url: String, term: String) {
    guard let catalogue = try? PostgresCatalogue.open(address: url, pageSize: 50) else { return }
    print(TypedFilter.milliseconds(source: catalogue, term: term))
  }
}
