import WaterfallKit

extension Viewer {
  /// Draws the whole current state into `screen`, which must be of the state's screen size. Reads only.
  public func render(into screen: inout Screen) {
    screen.colorEnabled = options.colorEnabled
    screen.clear()
    if state.isTooSmall { return renderTooSmall(into: &screen) }
    renderHeader(into: &screen)
    switch waterfall.contentState {
    case .loading: renderPlaceholder(loadingText, into: &screen)
    case .empty:
      switch waterfall.paging.loadMore {
      // A retry of the failed first page is on its way: the catalogue is not known to be empty.
      case .loading: renderPlaceholder(loadingText, into: &screen)
      case .failed(let reason):
        // The reason last, so a narrow screen still shows what to press.
        renderPlaceholder(
          "loading failed \(options.glyphs.dash) press R to retry: \(TextSanitizer.sanitize(reason))",
          style: Palette.footerFailed, into: &screen)
      default: renderPlaceholder(emptyText, into: &screen)
      }
    case .items:
      boxes.draw(into: &screen)
    }
    renderFooter(into: &screen)
    if inspector.isOpen {
      InspectorPanel(inspector: inspector, waterfall: waterfall, glyphs: options.glyphs).draw(into: &screen)
    }
    placeCursorOnFocus(in: &screen)
    renderStatusBar(into: &screen)
    renderOverlay(into: &screen)
  }

  /// The cursor rests on what has the focus, for screen readers: an open panel's title, else the focused box's
  /// title (its first row on screen, if the title is not), else the status line. A prompt takes it after this.
  private func placeCursorOnFocus(in screen: inout Screen) {
    (screen.cursorColumn, screen.cursorRow) = (0, screen.height - 1)
    if state.panel.overlay != nil {
      let panel = overlayPanel
      if panel.height >= 3 { (screen.cursorColumn, screen.cursorRow) = (panel.x + 3, panel.y) }
      return
    }
    guard let cursor = boxes.cursorOnFocus else { return }
    (screen.cursorColumn, screen.cursorRow) = (min(cursor.column, screen.width - 1), cursor.row)
  }

  /// The boxes' part, given what it draws from.
  private var boxes: Boxes {
    Boxes(
      waterfall: waterfall, store: store, focus: focus, glyphs: options.glyphs, metrics: options.metrics,
      reuse: state.showReuse ? (inspector, state.now) : nil, picker: state.picker,
      pictures: options.pictures == nil ? nil : pictures, search: state.search?.query,
      hasSections: presentation.grouping != nil)
  }

  /// A fresh screen of the current size with the current state drawn.
  public func renderedScreen() -> Screen {
    var screen = Screen(width: state.screenSize.width, height: state.screenSize.height)
    render(into: &screen)
    return screen
  }

  /// Why there is nothing to show: a filter that matches nothing says so and how to clear it.
  private var emptyText: String {
    guard let filter = presentation.filter, reading.itemsRead > 0 else {
      return "no items: this catalogue is empty"
    }
    let pattern = TextSanitizer.sanitize(filter.pattern, limit: 40)
    return "nothing matches the filter \"\(pattern)\" \(options.glyphs.dash) & then Enter shows every item"
  }

  private var loadingText: String { spinnerFrame + " loading the catalogue" + options.glyphs.ellipsis }

  var spinnerFrame: String {
    let frames = options.glyphs.spinner
    return frames[(state.now / 100) % frames.count]
  }

  /// One line of our own text, clipped to the screen less a column each side and centred.
  func putCentered(_ text: String, row: Int, style: Style, into screen: inout Screen) {
    let clipped = TextLayout.clip(text, toWidth: screen.width - 2, ellipsis: options.glyphs.ellipsis)
    screen.put(clipped, x: max(0, (screen.width - DisplayWidth.of(clipped)) / 2), y: row, style: style)
  }

  private func renderTooSmall(into screen: inout Screen) {
    let glyphs = options.glyphs
    let size = state.screenSize
    let need = "terminal too small: need at least \(MinimumSize.width)\(glyphs.times)\(MinimumSize.height)"
    let now = "q quits \(glyphs.dot) now \(size.width)\(glyphs.times)\(size.height)"
    // How to get out comes first: on the tiniest screen "q quits" stays and the explanation gives way.
    let quits = TextLayout.wrap(now, toWidth: screen.width, maximumLines: screen.height, ellipsis: glyphs.ellipsis)
    let room = screen.height - quits.count
    let explanation =
      room > 0 ? TextLayout.wrap(need, toWidth: screen.width, maximumLines: room, ellipsis: glyphs.ellipsis) : []
    let wrapped = explanation + quits
    let top = max(0, (screen.height - wrapped.count) / 2)
    for (offset, text) in wrapped.enumerated() {
      let x = max(0, (screen.width - DisplayWidth.of(text)) / 2)
      screen.put(text, x: x, y: top + offset, style: Palette.warning)
    }
  }

  private func renderPlaceholder(_ text: String, style: Style = Palette.placeholder, into screen: inout Screen) {
    let frame = waterfall.layout.placeholderFrame
    guard let row = waterfall.screenRow(frame.y + frame.height / 2) else { return }
    putCentered(text, row: row, style: style, into: &screen)
  }
}
