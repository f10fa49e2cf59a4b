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
    latency: Int = 0, columns: Int? = nil, ascii: Bool = false, showReuse: Bool = false, skipped: Int = 0
  ) -> ViewerOptions {
    var options = ViewerOptions()
    options.latencyMilliseconds = latency
    options.fixedColumns = columns
    options.glyphs = ascii ? .ascii : .unicode
    options.showReuse = showReuse
    options.skippedItems = skipped
    options.catalogueName = "Test shop"
    return options
  }

  static func runner(
    items: [ShopItem], pageSize: Int = 50, width: Int = 60, height: Int = 20, failureRate: Double = 0,
    seed: UInt64 = 3, loops: Bool = false, options: ViewerOptions = options()
  ) -> ScriptedRun {
    let pages = stride(from: 0, to: items.count, by: pageSize).map {
      Array(items[$0..<min(items.count, $0 + pageSize)])
    }
    let feed = PageFeed(pages: pages, failureRate: failureRate, seed: seed, loops: loops)
    return ScriptedRun(feed: feed, size: GridSize(width: width, height: height), options: options)
  }

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
      let feed = PageFeed(pages: [], failureRate: 0.5, seed: seed)
      return outcomes.allSatisfy { feed.isFailure(page: $0.page, attempt: $0.attempt) == $0.fails }
    }!
  }
}

extension PageFeed {
  func isFailure(page: Int, attempt: Int) -> Bool {
    if case .failure = fetch(page: page, attempt: attempt) { return true }
    return false
  }
}
