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

  /// The items loaded and, when the source knows more, the catalogue's total: "50/300 items". A filter's part
  /// counts the filter's result instead ("1/300 shown").
  var countText: String {
    let total = store.resultCount ?? (reading.isComplete ? reading.itemsRead : nil)
    guard presentation.filter == nil, let total, total > store.count else { return store.countText }
    return "\(store.count)/\(total) items"
  }

  /// The status line's pieces, from the parts' state.
  private var statusLine: StatusLine {
    let onScreen = waterfall.indicesInViewport
    let total = reading.isComplete ? "/\(reading.itemsRead)" : ""
    return StatusLine(
      position: waterfall.itemCount > 0
        ? (waterfall.contentOffset, waterfall.contentHeight, waterfall.maximumOffset) : nil,
      count: countText,
      onScreen: onScreen.first.flatMap { first in onScreen.last.map { first...$0 } },
      selectedNumber: focus.selected.flatMap { $0 < store.count ? store.ids[$0].number : nil },
      marked: options.picking == nil ? nil : state.picker.statusText,
      reading: reading,
      search: state.search?.statusText(loadingTo: state.rankLoader.match),
      // While the result is measured for the jump, the measuring's progress is the figure.
      place: state.rankLoader.place.map {
        measurer.measuring == nil ? $0.statusText(loaded: store.count) : $0.jumpText
      },
      loadedItemsOnly: store.loadedItemsOnly,
      filterShown: presentation.filter == nil ? nil : "\(store.resultCount ?? store.count)\(total) shown",
      sort: presentation.sort, notice: state.notice, stepping: inspector.isStepping,
      measuring: measurer.measuring.map { "\(spinnerFrame) \($0.progressText) (Esc stops)" },
      glyphs: options.glyphs)
  }
}
