import Testing

@testable import WaterfallViewer

/// The panel alone: keys scroll, switch and close it; quitting and repainting go back to the viewer.
@Suite("Parts: the panel")
struct PanelStateTests {
  @Test("the arrows and pages scroll within the body; Home and End go to its ends")
  func scrolling() {
    var panel = PanelState()
    panel.overlay = .help
    #expect(panel.update(.pageDown, visibleRows: 5, maximumScroll: 6) == .handled)
    #expect(panel.scroll == 4)
    _ = panel.update(.pageDown, visibleRows: 5, maximumScroll: 6)
    #expect(panel.scroll == 6, "not past the last line")
    _ = panel.update(.stepUp, visibleRows: 5, maximumScroll: 6)
    #expect(panel.scroll == 5)
    _ = panel.update(.top, visibleRows: 5, maximumScroll: 6)
    #expect(panel.scroll == 0)
    _ = panel.update(.bottom, visibleRows: 5, maximumScroll: 6)
    panel.scroll(by: -10, maximumScroll: 6)
    #expect(panel.scroll == 0, "the wheel stops at the top")
  }

  @Test("another panel's key switches to it at its top, its own key closes it, Esc closes any")
  func switching() {
    var panel = PanelState()
    panel.overlay = .detail(3)
    panel.scroll(by: 2, maximumScroll: 9)
    _ = panel.update(.toggleStatistics, visibleRows: 5, maximumScroll: 9)
    #expect(panel.overlay == .statistics && panel.scroll == 0)
    _ = panel.update(.toggleStatistics, visibleRows: 5, maximumScroll: 9)
    #expect(panel.overlay == nil)
    panel.overlay = .help
    _ = panel.update(.escape, visibleRows: 5, maximumScroll: 9)
    #expect(panel.overlay == nil)
  }

  @Test("q and Ctrl-L are passed on; & / o S close the panel and are passed on; the others do nothing behind it")
  func passesOn() {
    var panel = PanelState()
    panel.overlay = .help
    #expect(panel.update(.quit, visibleRows: 5, maximumScroll: 0) == .passOn(.quit))
    #expect(panel.update(.redrawAll, visibleRows: 5, maximumScroll: 0) == .passOn(.redrawAll))
    #expect(panel.update(.stepDown, visibleRows: 5, maximumScroll: 0) == .handled && panel.overlay == .help)
    #expect(panel.update(.refresh, visibleRows: 5, maximumScroll: 0) == .handled && panel.overlay == .help)
    for action in [Action.filter, .search, .cycleSort, .toggleSections] {
      panel.overlay = .facets
      #expect(panel.update(action, visibleRows: 5, maximumScroll: 0) == .passOn(action) && panel.overlay == nil)
    }
  }
}
