import Testing
import WaterfallKit
import WaterfallViewer

@Suite("The column count never exceeds what fits")
struct ColumnCountTests {
  @Test("more columns than fit, then a narrower terminal: the count follows the width")
  func plusThenNarrower() {
    let runner = AppFixture.runner(items: AppFixture.items(20), width: 100, height: 20)
    _ = AppFixture.screen(runner, "+ + + + + + + +")
    let wide = runner.viewer.waterfall.columnCount
    _ = AppFixture.screen(runner, "resize:40x12")
    #expect(runner.viewer.waterfall.columnCount < wide)
    #expect(runner.viewer.waterfall.layout.columnWidth >= 7)
    _ = AppFixture.screen(runner, "resize:100x20")
    #expect(runner.viewer.waterfall.columnCount == wide)
  }

  @Test("a fixed count larger than the width allows gives as many as fit", arguments: [1000, Int.max])
  func hugeFixedCount(columns: Int) {
    let runner = AppFixture.runner(
      items: AppFixture.items(20), width: 40, height: 10, options: AppFixture.options(columns: columns))
    let screen = AppFixture.screen(runner, "")
    #expect(runner.viewer.waterfall.columnCount == 4)
    #expect(runner.viewer.waterfall.layout.columnWidth >= 7)
    #expect(screen.contains("¥10"))
  }
}
