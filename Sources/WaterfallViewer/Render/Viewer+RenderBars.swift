import WaterfallKit

/// The full-width rows: the header (name, count, pull state), the footer (load more) and the status bar.
extension Viewer {
  var bars: Bars {
    Bars(
      paging: waterfall.paging,
      // The status line's figure: a header saying "60 items" beside "60/180 items" read as two catalogues.
      count: StatusLine.count(store: store, reading: reading, filtered: presentation.filter != nil),
      spinner: options.glyphs.spinnerFrame(at: state.now), glyphs: options.glyphs)
  }

  /// The status line's pieces (or the prompt open), from the parts' state.
  var statusLine: StatusLine {
    StatusLine(
      waterfall: waterfall, store: store, focus: focus, reading: reading, presentation: presentation, state: state,
      search: searching.search, rankLoader: jumps.rankLoader, picking: options.picking != nil,
      measuring: jumps.measurer.measuring, stepping: inspector.isStepping,
      spinner: options.glyphs.spinnerFrame(at: state.now), glyphs: options.glyphs, keys: options.keyHints)
  }
}
