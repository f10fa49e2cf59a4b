import ShopCatalog
import Testing
import WaterfallViewer

/// `waterfall --fail-rate 0.7 --seed 5`: the first page fails. Nothing was ever shown, so nothing was refreshed:
/// the status bar says the load failed, as the centre does, and keeps the reason while nothing is shown.
@Suite("A failed first load reads as a load failure")
struct FirstLoadFailureTests {
  /// A seed under which the first page fails on its first attempt and comes on the second (R).
  static func runner() -> ScriptedRun {
    let seed = AppFixture.seed(where: [(page: 0, attempt: 0, fails: true), (page: 0, attempt: 1, fails: false)])
    return AppFixture.runner(
      items: AppFixture.items(8), pageSize: 4, width: 70, height: 12, latency: 100, failureRate: 0.5, seed: seed,
      options: AppFixture.options(columns: 2))
  }

  @Test("the status bar says load failed with the reason, never refresh failed")
  func saysLoadFailed() {
    let run = Self.runner()
    let screen = AppFixture.screen(run, "wait:200")
    let status = AppFixture.statusBar(run)
    #expect(screen.contains("loading failed"))
    #expect(status.contains("load failed: simulated network failure (page 1, attempt 1)"), "\(status)")
    #expect(!screen.contains("refresh failed"))
  }

  @Test("the reason stays while nothing is shown: keys and time pass, it is still there; R loads and it goes")
  func reasonStays() {
    let run = Self.runner()
    _ = AppFixture.screen(run, "wait:200 j l wait:5000 k")
    #expect(
      AppFixture.statusBar(run).contains("load failed: simulated network failure"), "\(AppFixture.statusBar(run))")
    let loaded = AppFixture.screen(run, "R wait:300")
    #expect(AppFixture.statusBar(run).contains("4/8 items"), "\(loaded)")
    #expect(!AppFixture.statusBar(run).contains("failed"), "\(AppFixture.statusBar(run))")
  }

  @Test("a refresh that fails over items shown is still called a refresh")
  func refreshOverItemsStaysRefresh() {
    let run = Self.runner()
    // R brings the first page (attempt 2); r then refreshes from attempt 1 again, which fails.
    _ = AppFixture.screen(run, "wait:200 R wait:300 r wait:300")
    #expect(AppFixture.statusBar(run).contains("refresh failed"), "\(AppFixture.statusBar(run))")
  }
}
