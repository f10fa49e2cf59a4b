import WaterfallKit

/// The full-width rows: the header (name, count, pull state), the footer (load more) and the status bar.
extension Viewer {
  var bars: Bars {
    Bars(paging: waterfall.paging, count: store.countText, spinner: spinnerFrame, glyphs: options.glyphs)
  }

  func renderStatusBar(into screen: inout Screen) {
    if let prompt = state.promptLine.prompt { return StatusLine.draw(prompt, into: &screen) }
    statusLine.draw(into: &screen)
  }

  /// The status line's pieces, from the parts' state.
  private var statusLine: StatusLine {
    StatusLine(
      waterfall: waterfall, store: store, focus: focus, reading: reading, presentation: presentation, state: state,
      search: searching.search, rankLoader: jumps.rankLoader, picking: options.picking != nil,
      measuring: jumps.measurer.measuring, stepping: inspector.isStepping,
      spinner: spinnerFrame, glyphs: options.glyphs, keys: options.keyHints)
  }
}
