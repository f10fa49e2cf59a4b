import Testing
import WaterfallKit

@testable import WaterfallViewer

@Suite("The cursor never rests under a pinned section header")
struct CursorUnderHeaderTests {
  @Test("scrolled row by row with sections: the cursor is on the focused box's own rows, never on a header")
  func cursorSkipsSectionHeaders() throws {
    let runner = OrganiseFixture.runner(width: 60, height: 16)
    _ = AppFixture.screen(runner, "S l")
    let viewer = runner.viewer
    let focused = try #require(viewer.state.keyboardFocus)
    let frame = viewer.waterfall.layout.frame(of: focused)
    var underHeader = 0
    for offset in max(0, frame.y - 12)..<frame.maxY {
      viewer.waterfall.scroll(toOffset: offset)
      let screen = viewer.renderedScreen()
      guard screen.cursorRow != screen.height - 1 else { continue }
      let line = (0..<screen.width).map { screen[$0, screen.cursorRow].character.map(String.init) ?? " " }.joined()
      let leftOfCursor = screen[screen.cursorColumn - 1, screen.cursorRow].character.map(String.init)
      #expect(
        ["┃", "┏", "┗"].contains(leftOfCursor), "offset \(offset): the cursor is inside the focused box, not on \(line)"
      )
      if let pinned = viewer.waterfall.pinnedSectionHeader, let row = viewer.waterfall.screenRow(pinned.frame.y),
        frame.y + 1 - viewer.waterfall.contentOffset <= row
      {
        underHeader += 1
      }
    }
    #expect(underHeader > 0, "some offsets put the box's top under the pinned header")
  }
}
