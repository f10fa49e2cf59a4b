import WaterfallKit

/// The full-width rows: the header (name, count, pull state), the footer (load more) and the status bar.
extension Viewer {
  func renderHeader(into screen: inout Screen) {
    guard let row = screenRow(waterfall.layout.headerFrame.y) else { return }
    let glyphs = options.glyphs
    let name = TextSanitizer.sanitize(options.catalogueName)
    let left = " Waterfall \(glyphs.dot) \(name) \(glyphs.dot) \(store.countText)"
    let right: String
    let paging = waterfall.paging
    if let pending = pendingQuery {
      right = "\(spinnerFrame) \(pending.change.progressText)\(glyphs.ellipsis)"
    } else if paging.isRefreshing, waterfall.itemCount > 0 {
      right = "\(spinnerFrame) refreshing\(glyphs.ellipsis)"
    } else if paging.isArmed {
      right = "\(glyphs.arrowUp) release to refresh"
    } else if paging.pulledRows > 0 {
      right = "\(glyphs.arrowDown) pull to refresh (\(paging.pulledRows)/\(paging.refreshThreshold))"
    } else {
      right = ""
    }
    let rightWidth = DisplayWidth.of(right)
    screen.put(
      TextLayout.clip(left, toWidth: screen.width - rightWidth - 1, ellipsis: glyphs.ellipsis), x: 0,
      y: row, style: Palette.header)
    if !right.isEmpty { screen.put(right, x: screen.width - rightWidth - 1, y: row, style: Palette.pull) }
  }

  func renderFooter(into screen: inout Screen) {
    guard waterfall.contentState == .items, let row = screenRow(waterfall.layout.footerFrame.y) else { return }
    let glyphs = options.glyphs
    let (text, style): (String, Style) =
      switch waterfall.paging.loadMore {
      case .idle: ("\(glyphs.arrowDown) scroll down to load more", Palette.footer)
      case .loading: ("\(spinnerFrame) loading more\(glyphs.ellipsis)", Palette.footerBusy)
      case .failed(let reason):
        // The reason last, so a narrow footer still shows what to press.
        (
          "\(waterfall.paging.retryRefreshes ? "refresh" : "load") failed, R retries: \(TextSanitizer.sanitize(reason))",
          Palette.footerFailed
        )
      case .exhausted:
        ("\(glyphs.dash) end of the catalogue \(glyphs.dot) \(store.countText) \(glyphs.dash)", Palette.footer)
      }
    putCentered(text, row: row, style: style, into: &screen)
  }

  func renderStatusBar(into screen: inout Screen) {
    let row = screen.height - 1
    screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Palette.statusBar)
    if let prompt = state.prompt {
      // The text typed so far, its end in view, and a cursor block after it.
      let text = TextSanitizer.sanitize(prompt.text)
      let visible = String(text.suffix(max(0, screen.width - 3)))
      let end = screen.put(prompt.label + visible, x: 0, y: row, style: Palette.statusBar)
      screen.put(character: " ", x: end, y: row, style: Palette.promptCursor)
      (screen.cursorColumn, screen.cursorRow) = (min(end, screen.width - 1), row)
      return
    }
    let separator = " \(options.glyphs.separator) "
    let parts = statusParts.fitting(width: screen.width - 1, separator: separator, ellipsis: options.glyphs.ellipsis)
    let text = " " + parts.joined(separator: separator)
    screen.put(text, x: 0, y: row, style: Palette.statusBar, maximumWidth: screen.width)
  }

  /// The items loaded and, when the source knows more, the catalogue's total: "50/300 items". A filter's part
  /// counts the filter's result instead ("1/300 shown").
  var countText: String {
    let total = store.resultCount ?? (reading.isComplete ? reading.itemsRead : nil)
    guard presentation.filter == nil, let total, total > store.count else { return store.countText }
    return "\(store.count)/\(total) items"
  }

  /// What the status bar says, each part with how much it matters: what just happened (the notice) and the
  /// search and filter most, the position least.
  private var statusParts: StatusParts {
    var parts = StatusParts()
    let maximum = waterfall.maximumOffset
    let percent = maximum == 0 ? 100 : waterfall.contentOffset * 100 / maximum
    // No position while there is nothing to be in.
    if waterfall.itemCount > 0 {
      parts.append("row \(waterfall.contentOffset + 1)/\(waterfall.contentHeight) \(percent)%", priority: 4)
    }
    parts.append(countText, priority: 5)
    let onScreen = waterfall.indicesInViewport
    // Places in the result on screen, from 1; "#N" is always an item's own number, whatever the order.
    if let first = onScreen.first, let last = onScreen.last {
      parts.append("view \(first + 1)-\(last + 1)", priority: 1)
    }
    if let selected = waterfall.selectedIndex, selected < store.count {
      parts.append("sel #\(store.ids[selected].number)", priority: 6)
    }
    if let picking = options.picking {
      parts.append("\(state.marks.count)\(picking.limit.map { "/\($0)" } ?? "") marked", priority: 9)
    }
    if !reading.isComplete {
      parts.append(
        reading.isSizeKnown ? "reading \(Int(reading.fraction * 100))%" : "reading" + options.glyphs.ellipsis,
        priority: 8)
    }
    // What stopped the reading early (a malformed record: file, line and why) matters as much as a notice.
    if let stopped = reading.stoppedBy { parts.append(TextSanitizer.sanitize(stopped, limit: 160), priority: 10) }
    if reading.skippedItems > 0 { parts.append("\(reading.skippedItems) skipped", priority: 3) }
    if let search = state.search { parts.append(TextSanitizer.sanitize(search.statusText, limit: 80), priority: 9) }
    // While the result is measured for the jump, the measuring's progress is the figure.
    if let target = state.loadingToPlace {
      parts.append(measuring == nil ? target.statusText(loaded: store.count) : target.jumpText, priority: 10)
    }
    // A sort or filter the source could only apply to what it had loaded is never silently partial.
    if store.loadedItemsOnly { parts.append("(loaded items only)", priority: 9) }
    if presentation.filter != nil {
      let total = reading.isComplete ? "/\(reading.itemsRead)" : ""
      parts.append("\(store.resultCount ?? store.count)\(total) shown", priority: 8)
    }
    let notice = state.notice.map(TextSanitizer.sanitize)
    let sortLabel = presentation.sort.description
    // The notice of a sort already names it.
    if presentation.sort != .dataset, notice?.contains(sortLabel) != true {
      parts.append("by \(sortLabel)", priority: 7)
    }
    if inspector.isStepping { parts.append("STEP", priority: 8) }
    if let measuring { parts.append("\(spinnerFrame) \(measuring.progressText) (Esc stops)", priority: 9) }
    let help = options.picking == nil ? "? help  q quit" : "Tab mark  Enter pick  ? help  Esc quit"
    if let notice { parts.append(notice, priority: 10) } else { parts.append(help, priority: 2) }
    return parts
  }
}
