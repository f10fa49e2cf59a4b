import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// Small, fixed catalogues and a headless app over them, for screen and event tests.
enum AppFixture {
  /// `count` items with varied shapes and short titles, deterministic.
  static func items(_ count: Int, titlePrefix: String = "item") -> [ShopItem] {
    let shapes: [(Double, Double)] = [(200, 300), (300, 200), (200, 200), (200, 500), (400, 300)]
    return (0..<count).map { index in
      let (width, height) = shapes[index % shapes.count]
      return ShopItem(
        width: width, height: height, imageURL: "https://img.test/\(index).jpg", price: "¥\(10 + index)",
        title: "\(titlePrefix) \(index)", shop: "shop \(index % 3)")
    }
  }

  static func options(
    columns: Int? = nil, ascii: Bool = false, showReuse: Bool = false
  ) -> ViewerOptions {
    var options = ViewerOptions()
    options.fixedColumns = columns
    options.glyphs = ascii ? .ascii : .unicode
    options.showReuse = showReuse
    options.catalogueName = "Test shop"
    // The paging tests use G as "the end of the loaded items, and the next page": what G does where the result
    // cannot be measured. G's measuring to the real end is tested on its own (GoToEndTests).
    options.measuresToEnd = false
    return options
  }

  static func runner(
    items: [ShopItem], pageSize: Int = 50, width: Int = 60, height: Int = 20, latency: Int = 0,
    failureRate: Double = 0, seed: UInt64 = 3, loops: Bool = false, options: ViewerOptions = options()
  ) -> ScriptedRun {
    runner(
      source: ItemCatalogue(items: items, pageSize: pageSize, loops: loops), width: width, height: height,
      latency: latency, failureRate: failureRate, seed: seed, options: options)
  }

  /// A headless app over any source, behind a simulated network.
  static func runner(
    source: any CatalogueSource, width: Int = 60, height: Int = 20, latency: Int = 0, failureRate: Double = 0,
    seed: UInt64 = 3, options: ViewerOptions = options()
  ) -> ScriptedRun {
    let network = SimulatedNetwork(source, latencyMilliseconds: latency, failureRate: failureRate, seed: seed)
    return ScriptedRun(source: network, size: GridSize(width: width, height: height), options: options)
  }

  /// `items` in pages of 20 behind 100 ms of simulated latency, in three columns on 60×20, with G and far jumps
  /// measuring (`stretchRows` a stretch), after the first page has come; `configure` changes the options.
  static func measuringRunner(
    items: [ShopItem], stretchRows: Int = 200, configure: (inout ViewerOptions) -> Void = { _ in }
  ) -> ScriptedRun {
    var options = options(columns: 3)
    options.measuresToEnd = true
    options.measureStretchRows = stretchRows
    configure(&options)
    let run = runner(
      source: ItemCatalogue(items: items, pageSize: 20), width: 60, height: 20, latency: 100, options: options)
    run.advance(by: 100)
    return run
  }

  /// The screen's last line: the status bar.
  static func statusBar(_ run: ScriptedRun) -> String { String(run.screen.text.split(separator: "\n").last ?? "") }

  /// Runs a key script (which must parse) and returns the final screen text.
  static func screen(_ runner: ScriptedRun, _ keys: String) -> String {
    runner.run(try! KeyScript.parse(keys))
  }

  /// Runs a key script and returns the final screen with its style runs (``Screen/styledText``), so snapshots
  /// see colour and attributes too.
  static func styledScreen(_ runner: ScriptedRun, _ keys: String) -> String {
    runner.run(try! KeyScript.parse(keys), format: .styled)
  }
}

extension AppFixture {
  /// The first seed under which a feed failing half its fetches fails exactly the listed (page, attempt) pairs
  /// that say `true` and serves those that say `false`. Failures depend only on seed, page and attempt.
  static func seed(where outcomes: [(page: Int, attempt: Int, fails: Bool)]) -> UInt64 {
    (UInt64(0)...).first { seed in
      let network = SimulatedNetwork(ItemCatalogue(items: [], pageSize: 1), failureRate: 0.5, seed: seed)
      return outcomes.allSatisfy { network.fails(page: $0.page, attempt: $0.attempt) == $0.fails }
    }!
  }
}
