import Testing
import WaterfallViewer

/// Esc ends a search kept with Enter, as the help says; with none, Esc does what it did (#11).
@Suite("Esc and a kept search")
struct KeptSearchEscTests {
  @Test("Esc ends a kept search (no highlight, no match count, n says so), the focus stays; the next Esc lets go")
  func endsTheSearch() throws {
    let runner = OrganiseFixture.runner(width: 140)
    let kept = AppFixture.styledScreen(runner, "/ s i l k Enter")
    #expect(kept.contains("match 1/14") && kept.contains("fg black, bg cyan, bold"), "\(kept)")
    let focus = try #require(runner.viewer.state.keyboardFocus)
    let ended = AppFixture.styledScreen(runner, "Escape")
    #expect(runner.viewer.searching.search == nil)
    #expect(!ended.contains("match 1/14") && !ended.contains("fg black, bg cyan, bold"), "\(ended)")
    #expect(runner.viewer.state.keyboardFocus == focus, "the first Esc ends the search only")
    #expect(AppFixture.screen(runner, "n").contains("no search: / starts one"))
    _ = AppFixture.screen(runner, "Escape")
    #expect(runner.viewer.state.keyboardFocus == nil, "with no search left, Esc lets go of the focus as before")
  }

  @Test("a chooser's Esc still quits with a search kept, printing nothing")
  func pickingStillQuits() {
    var options = AppFixture.options(columns: 3)
    options.picking = Picking(limit: nil)
    let runner = AppFixture.runner(items: OrganiseFixture.items(), options: options)
    _ = AppFixture.screen(runner, "/ s i l k Enter Escape")
    #expect(runner.viewer.state.isQuitting)
    #expect(runner.viewer.state.picked == nil)
  }
}
