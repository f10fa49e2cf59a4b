import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

@Suite("Snapshots of the in-memory screen")
struct ScreenSnapshotTests {
  @Test("boxes in one, two and three columns", arguments: [1, 2, 3])
  func boxesInSeveralWidths(columns: Int) {
    let runner = AppFixture.runner(
      items: AppFixture.items(9), width: 20 + 20 * columns, height: 16, options: AppFixture.options(columns: columns))
    expectSnapshot(AppFixture.styledScreen(runner, ""), named: "boxes-\(columns)-columns")
  }

  @Test("ASCII boxes, for a locale that is not UTF-8 or --ascii")
  func asciiBoxes() {
    var items = AppFixture.items(6)
    for index in items.indices { items[index].price = "$\(index)" }
    let runner = AppFixture.runner(
      items: items, width: 44, height: 14, options: AppFixture.options(columns: 2, ascii: true))
    let screen = AppFixture.styledScreen(runner, "l")
    expectSnapshot(screen, named: "boxes-ascii")
    #expect(screen.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test("CJK and emoji titles wrap and clip by display width, never splitting a wide character")
  func wideTitles() {
    var items = AppFixture.items(3)
    items[0].title = "韩版复古连衣裙女装秋冬新款加厚保暖长袖"
    items[1].title = "✨🔥 limited 限量 💕 edition 🌸🎀☕ with a long tail of words"
    items[2].title = "ｆｕｌｌｗｉｄｔｈ　ｔｅｘｔ"
    let runner = AppFixture.runner(items: items, width: 45, height: 22, options: AppFixture.options(columns: 3))
    expectSnapshot(AppFixture.styledScreen(runner, ""), named: "titles-cjk-emoji")
  }

  @Test("footer: more to load, loading with a spinner, failed, end of the catalogue")
  func footerStates() {
    let items = AppFixture.items(8)
    // Two small boxes, a page each: the first does not fill the screen, so the second loads without a key and the
    // footer says the end.
    let idle = AppFixture.runner(
      items: [items[1], items[2]], pageSize: 1, width: 40, height: 12, options: AppFixture.options(columns: 2))
    expectSnapshot(AppFixture.styledScreen(idle, ""), named: "footer-idle")

    let loading = AppFixture.runner(
      items: items, pageSize: 4, width: 40, height: 12, latency: 1000, options: AppFixture.options(columns: 2))
    expectSnapshot(AppFixture.styledScreen(loading, "wait:1000 G wait:300"), named: "footer-loading")

    let failing = AppFixture.runner(
      items: items, pageSize: 4, width: 40, height: 12, failureRate: 1, options: AppFixture.options(columns: 2))
    expectSnapshot(AppFixture.styledScreen(failing, "G"), named: "footer-first-page-failed")

    // A seed under which the first page arrives and the second fails on its first attempt.
    let seed = AppFixture.seed(where: [(page: 0, attempt: 0, fails: false), (page: 1, attempt: 0, fails: true)])
    let secondFails = AppFixture.runner(
      items: items, pageSize: 4, width: 40, height: 12, failureRate: 0.5, seed: seed,
      options: AppFixture.options(columns: 2))
    expectSnapshot(AppFixture.styledScreen(secondFails, "G"), named: "footer-failed")

    let exhausted = AppFixture.runner(
      items: items, pageSize: 4, width: 40, height: 12, options: AppFixture.options(columns: 2))
    expectSnapshot(AppFixture.styledScreen(exhausted, "G G G G"), named: "footer-exhausted")
  }

  @Test("header while pulling: pull, then release to refresh")
  func headerPull() {
    let runner = AppFixture.runner(
      items: AppFixture.items(8), width: 40, height: 10, options: AppFixture.options(columns: 2))
    expectSnapshot(AppFixture.styledScreen(runner, "k"), named: "header-pulling")
    expectSnapshot(AppFixture.styledScreen(runner, "k k k k k"), named: "header-release-to-refresh")
  }

  @Test("overlays: help, reuse statistics, item detail", arguments: ["?", "s", "click:5,3"])
  func overlays(keys: String) {
    var items = AppFixture.items(6)
    items[0].extraFields = [ExtraField(key: "colour", value: "red"), ExtraField(key: "stock", value: "4")]
    let runner = AppFixture.runner(items: items, width: 70, height: 24, options: AppFixture.options(columns: 3))
    let name = ["?": "overlay-help", "s": "overlay-statistics", "click:5,3": "overlay-detail"][keys]!
    expectSnapshot(AppFixture.styledScreen(runner, keys), named: name)
  }

  @Test("terminal too small")
  func tooSmall() {
    let runner = AppFixture.runner(items: AppFixture.items(4), width: 30, height: 6)
    expectSnapshot(AppFixture.styledScreen(runner, ""), named: "too-small")
    let quitting = AppFixture.runner(items: AppFixture.items(4), width: 30, height: 6)
    _ = AppFixture.screen(quitting, "q")
    #expect(quitting.viewer.state.isQuitting, "q still works")
  }

  @Test("reuse labels show each box's cell object and how often it was reused")
  func reuseLabels() {
    let runner = AppFixture.runner(
      items: AppFixture.items(40), width: 40, height: 12, options: AppFixture.options(columns: 2, showReuse: true))
    expectSnapshot(AppFixture.styledScreen(runner, "C-d C-d C-d C-d"), named: "reuse-labels")
  }

  @Test("loading and empty states")
  func loadingAndEmpty() {
    let loading = AppFixture.runner(
      items: AppFixture.items(3), width: 40, height: 10, latency: 500, options: AppFixture.options())
    expectSnapshot(AppFixture.styledScreen(loading, ""), named: "state-loading")
    let empty = AppFixture.runner(items: [], width: 40, height: 10)
    expectSnapshot(AppFixture.styledScreen(empty, ""), named: "state-empty")
  }
}

@Suite("Retrying a failed first page")
struct FirstPageRetryTests {
  @Test("shows the loading state while the retry is in flight, then the failure again")
  func retryShowsLoading() {
    let runner = AppFixture.runner(
      items: AppFixture.items(4), width: 80, height: 8, latency: 300, failureRate: 1, options: AppFixture.options())
    #expect(AppFixture.screen(runner, "wait:400").contains("loading failed"))
    let retrying = AppFixture.screen(runner, "R wait:50")
    #expect(retrying.contains("loading the catalogue"), "\(retrying)")
    #expect(!retrying.contains("empty"), "\(retrying)")
    #expect(AppFixture.screen(runner, "wait:300").contains("loading failed"))
  }
}

@Suite("The help in ASCII")
struct AsciiHelpTests {
  @Test("names the arrow keys in words, not with v and ^, which read as letter keys")
  func arrowKeysInWords() {
    let runner = AppFixture.runner(
      items: AppFixture.items(4), width: 80, height: 24, options: AppFixture.options(ascii: true))
    let screen = AppFixture.screen(runner, "?")
    #expect(screen.contains("Down j") && screen.contains("Up k"), "\(screen)")
    #expect(screen.contains("Left h") && screen.contains("Right l"), "\(screen)")
    #expect(!screen.contains("v j") && !screen.contains("< h"), "\(screen)")
  }
}
