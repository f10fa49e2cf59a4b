import Testing
import WaterfallKit
import WaterfallViewer

@Suite("Pull to refresh takes a deliberate pull")
struct PullToRefreshTests {
  static func runner() -> ScriptedRun {
    AppFixture.runner(
      items: AppFixture.items(180), pageSize: 60, width: 100, height: 30, options: AppFixture.options(columns: 4))
  }

  @Test("one wheel notch at the top keeps every loaded page", arguments: ["wheelup:10,10", "k k k"])
  func oneNotchDoesNotRefresh(pull: String) {
    let runner = Self.runner()
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("G G G g"))
    #expect(app.store.items.count == 180)
    runner.apply(try! KeyScript.parse(pull))
    #expect(app.renderedScreen().line(0).contains("pull to refresh (3/6)"), "the header shows the pull building up")
    runner.apply(try! KeyScript.parse("wait:500 wait:500"))
    #expect(!app.waterfall.paging.isRefreshing)
    #expect(app.store.items.count == 180)
  }

  @Test("two wheel notches, or ↑ held, refresh", arguments: ["wheelup:10,10 wheelup:10,10", "k k k k k k"])
  func deliberatePullRefreshes(pull: String) {
    let runner = Self.runner()
    let app = runner.viewer
    runner.apply(try! KeyScript.parse("G G G g " + pull))
    #expect(app.renderedScreen().line(0).contains("release to refresh"))
    runner.apply(try! KeyScript.parse("wait:500 wait:500"))
    #expect(app.store.items.count == 60, "the refresh reloaded the first page")
  }
}
