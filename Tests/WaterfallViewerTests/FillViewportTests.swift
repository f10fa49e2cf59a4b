import Testing
import WaterfallKit

@testable import WaterfallViewer

/// A reader fills its screen: pages load without a key until the content reaches one screen beyond the view.
@Suite("The first pages fill the viewport")
struct FillViewportTests {
  @Test("pages of four on a tall screen: loaded without a key until two screens are covered, then no more")
  func fillsTwoScreens() {
    let run = AppFixture.runner(
      items: AppFixture.items(200), pageSize: 4, width: 60, height: 40, latency: 50,
      options: AppFixture.options(columns: 2))
    // The simulated clock moves in steps: each page is asked for when the one before arrives.
    let waits = Array(repeating: "wait:100", count: 30).joined(separator: " ")
    _ = AppFixture.screen(run, waits)
    let waterfall = run.viewer.waterfall
    #expect(run.viewer.store.count > 4, "more than the first page")
    #expect(waterfall.contentHeight >= 2 * waterfall.viewportSize.height, "two screens covered")
    // One page fewer would not have covered them: it stopped as soon as they were.
    let lastPageStart = run.viewer.store.count - 4
    #expect(waterfall.layout.frame(of: lastPageStart - 1).maxY < 2 * waterfall.viewportSize.height + 40)
    let count = run.viewer.store.count
    _ = AppFixture.screen(run, waits)
    #expect(run.viewer.store.count == count, "nothing more without a move")
  }

  @Test("a failed page stops the filling: the retry is the user's")
  func stopsAtAFailure() {
    let run = AppFixture.runner(
      items: AppFixture.items(200), pageSize: 4, width: 60, height: 40, failureRate: 0.5, seed: 7,
      options: AppFixture.options(columns: 2))
    _ = AppFixture.screen(run, Array(repeating: "wait:100", count: 30).joined(separator: " "))
    guard case .failed = run.viewer.waterfall.paging.loadMore else {
      Issue.record("seed 7 fails a page before two screens are covered: \(run.viewer.waterfall.paging.loadMore)")
      return
    }
    let count = run.viewer.store.count
    _ = AppFixture.screen(run, "wait:100 wait:100 wait:100")
    #expect(run.viewer.store.count == count, "no page asked for after the failure")
    #expect(run.viewer.waterfall.contentHeight < 2 * run.viewer.waterfall.viewportSize.height)
  }
}
