import Pictures
import Testing
import WaterfallKit
import WaterfallViewer

/// A font change while the viewer runs: the terminal reads the new cell size on the resize, and every picture
/// in pixels is made again at it, so pictures keep filling their boxes.
@Suite("A new cell size in pixels")
struct CellPixelsChangeTests {
  @Test("after a new cell size, the pictures on screen are in the new cell size's pixels")
  func picturesMadeAgain() throws {
    let cell = CellPixelSize(width: 5, height: 10)
    let runner = PictureScreenTests.runner(
      items: try PictureScreenTests.bundledItems(),
      display: PictureStyle(symbols: .half, colours: .direct, cellPixels: cell), width: 52, height: 24)
    runner.apply(try KeyScript.parse("wait:10"))
    let before = runner.viewer.renderedScreen().pictures
    #expect(!before.isEmpty && before.allSatisfy { $0.picture.width == $0.columns * cell.width })
    _ = runner.apply(.event(.cellPixels(width: 8, height: 16)))
    runner.apply(try KeyScript.parse("wait:10"))
    let after = runner.viewer.renderedScreen().pictures
    #expect(!after.isEmpty)
    for shown in after {
      #expect(shown.picture.width == shown.columns * 8 && shown.picture.height == shown.rows * 16)
    }
  }

  @Test("a viewer showing symbols only takes no cell size")
  func symbolsOnly() throws {
    let runner = PictureScreenTests.runner(
      items: try PictureScreenTests.bundledItems(), display: PictureStyle(symbols: .half, colours: .direct),
      width: 52, height: 24)
    _ = runner.apply(.event(.cellPixels(width: 8, height: 16)))
    #expect(runner.viewer.cellPixels == nil)
    #expect(runner.viewer.renderedScreen().pictures.isEmpty)
  }
}
