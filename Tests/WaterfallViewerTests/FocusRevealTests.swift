import Testing
import WaterfallKit
import WaterfallViewer

/// A box that takes the focus is shown from its top: after scrolling, the box at the top of the view that `l`, `h`
/// or Enter focuses (nothing being focused) may begin above the view, and must be scrolled down to.
@Suite("A focused box is revealed")
struct FocusRevealTests {
  @Test(
    "after scrolling two rows, the first l, h or Enter focuses the top box and scrolls its top into view",
    arguments: ["l", "h", "Enter"])
  func firstFocusAfterScrolling(key: String) throws {
    let runner = OrganiseFixture.runner()
    let viewer = runner.viewer
    _ = AppFixture.screen(runner, "j j")
    #expect(viewer.waterfall.contentOffset == 2, "nothing focused: j scrolls a row")
    #expect(viewer.state.keyboardFocus == nil)
    let screen = AppFixture.screen(runner, key)
    let focus = try #require(viewer.state.keyboardFocus)
    let frame = viewer.waterfall.layout.frame(of: focus)
    #expect(frame.y >= viewer.waterfall.contentOffset, "the focused box's top is in view")
    #expect(frame.y < viewer.waterfall.contentOffset + viewer.waterfall.viewportSize.height)
    // Drawn: the focused box's heavy top corner is on screen.
    #expect(screen.contains("┏"), "\(screen)")
  }

  @Test("the update itself reveals: → with nothing focused scrolls to the box it focuses")
  func updateReveals() throws {
    let runner = OrganiseFixture.runner()
    let viewer = runner.viewer
    viewer.update(.input(.key(.character("j"))))
    viewer.update(.input(.key(.character("j"))))
    let before = viewer.waterfall.contentOffset
    viewer.update(.input(.key(.right)))
    let focus = try #require(viewer.state.keyboardFocus)
    #expect(viewer.waterfall.layout.frame(of: focus).y == viewer.waterfall.contentOffset)
    #expect(viewer.waterfall.contentOffset < before, "scrolled up to the box's top")
  }
}
