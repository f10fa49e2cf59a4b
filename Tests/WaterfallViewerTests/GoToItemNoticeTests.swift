import Testing
import WaterfallViewer

/// What `:` says to text that is no item number, beside a number that names no item (#7).
@Suite("The go-to prompt's notices")
struct GoToItemNoticeTests {
  @Test(":abc says it is not an item number; :0 still says items count from 1; neither moves the focus")
  func notANumber() {
    let runner = AppFixture.runner(items: AppFixture.items(12), options: AppFixture.options(columns: 2))
    let letters = AppFixture.screen(runner, ": a b c Enter")
    #expect(AppFixture.statusBar(runner).contains("\"abc\" is not an item number"), "\(letters)")
    #expect(!letters.contains("count from 1"), "\(letters)")
    #expect(runner.viewer.state.keyboardFocus == nil)
    let zero = AppFixture.screen(runner, ": 0 Enter")
    #expect(AppFixture.statusBar(runner).contains("no item #0: items count from 1"), "\(zero)")
    #expect(!zero.contains("not an item number"), "\(zero)")
    #expect(runner.viewer.state.keyboardFocus == nil)
  }
}
