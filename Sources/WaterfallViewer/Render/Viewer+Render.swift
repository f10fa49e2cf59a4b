import WaterfallKit

extension Viewer {
  /// Draws the whole current state into `screen`, which must be of the state's screen size. Reads only.
  public func render(into screen: inout Screen) {
    screen.colorEnabled = options.colorEnabled
    screen.clear()
    if state.isTooSmall {
      return MinimumSize.drawTooSmall(
        size: state.screenSize, glyphs: options.glyphs, quitKey: options.keyHints.quit,
        into: &screen)
    }
    let bars = bars
    bars.drawHeader(
      name: options.catalogueName, pendingChange: pendingQuery?.change, hasItems: waterfall.itemCount > 0,
      row: waterfall.screenRow(waterfall.layout.headerFrame.y), into: &screen)
    if !bars.drawPlaceholder(over: waterfall, filter: presentation.filter, itemsRead: reading.itemsRead, into: &screen)
    {
      boxes.draw(into: &screen)
    }
    bars.drawFooter(
      row: waterfall.contentState == .items ? waterfall.screenRow(waterfall.layout.footerFrame.y) : nil, into: &screen)
    if inspector.isOpen {
      InspectorPanel(inspector: inspector, waterfall: waterfall, glyphs: options.glyphs, metrics: metrics).draw(
        into: &screen)
    }
    placeCursorOnFocus(in: &screen)
    statusLine.draw(into: &screen)
    renderOverlay(into: &screen)
  }

  /// The cursor rests on what has the focus, for screen readers: an open panel's title, else the focused box's
  /// title (its first row on screen, if the title is not), else the status line. A prompt takes it after this.
  private func placeCursorOnFocus(in screen: inout Screen) {
    let cursor = state.panel.overlay != nil ? overlayPanel.cursorOnTitle : boxes.cursorOnFocus
    let onScreen = cursor.map { (min($0.column, screen.width - 1), $0.row) }
    (screen.cursorColumn, screen.cursorRow) = onScreen ?? (0, screen.height - 1)
  }

  /// The boxes' part, given what it draws from.
  private var boxes: Boxes {
    Boxes(
      waterfall: waterfall, store: store, focus: focus, glyphs: options.glyphs, metrics: options.metrics,
      reuse: state.showReuse ? (inspector, state.now) : nil, picker: state.picker,
      pictures: options.pictures == nil ? nil : pictures, search: searching.search?.query,
      hasSections: presentation.grouping != nil)
  }

  /// A fresh screen of the current size with the current state drawn.
  public func renderedScreen() -> Screen {
    var screen = Screen(width: state.screenSize.width, height: state.screenSize.height)
    render(into: &screen)
    return screen
  }
}
