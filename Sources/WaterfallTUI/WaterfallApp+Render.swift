import WaterfallKit

extension WaterfallApp {
  /// Draws the whole current state into `screen`, which must be of ``screenSize``.
  public func render(into screen: inout Screen) {
    screen.colorEnabled = options.colorEnabled
    screen.clear()
    if isTooSmall { return renderTooSmall(into: &screen) }
    renderHeader(into: &screen)
    switch view.contentState {
    case .loading: renderPlaceholder(spinnerFrame + " loading the catalogue" + options.glyphs.ellipsis, into: &screen)
    case .empty:
      if case .loading = view.paging.loadMore {
        // A retry of the failed first page is on its way: the catalogue is not known to be empty.
        renderPlaceholder(spinnerFrame + " loading the catalogue" + options.glyphs.ellipsis, into: &screen)
      } else if case .failed = view.paging.loadMore {
        renderPlaceholder(
          "loading failed \(options.glyphs.dash) press R to retry", style: Palette.footerFailed, into: &screen)
      } else {
        renderPlaceholder("no items: this catalogue is empty", into: &screen)
      }
    case .items: renderCells(into: &screen)
    }
    renderFooter(into: &screen)
    renderStatusBar(into: &screen)
    renderOverlay(into: &screen)
  }

  /// A fresh screen of the current size with the current state drawn.
  public func renderedScreen() -> Screen {
    var screen = Screen(width: screenSize.width, height: screenSize.height)
    render(into: &screen)
    return screen
  }

  var itemCountText: String { items.count == 1 ? "1 item" : "\(items.count) items" }

  var spinnerFrame: String {
    let frames = options.glyphs.spinner
    return frames[(now / 100) % frames.count]
  }

  /// The screen row of content row `y`, when it is inside the viewport.
  func screenRow(_ y: Int) -> Int? {
    let row = y - view.contentOffset
    return row >= 0 && row < view.viewportSize.height ? row : nil
  }

  private func renderTooSmall(into screen: inout Screen) {
    let lines = [
      "terminal too small: need at least \(MinimumSize.width)\(options.glyphs.times)\(MinimumSize.height)",
      "now \(screenSize.width)\(options.glyphs.times)\(screenSize.height) \(options.glyphs.dot) q quits",
    ]
    let wrapped = lines.flatMap {
      TextLayout.wrap($0, toWidth: screen.width, maximumLines: screen.height, ellipsis: options.glyphs.ellipsis)
    }
    let top = max(0, (screen.height - wrapped.count) / 2)
    for (offset, text) in wrapped.enumerated() {
      let x = max(0, (screen.width - DisplayWidth.of(text)) / 2)
      screen.put(text, x: x, y: top + offset, style: Palette.warning)
    }
  }

  private func renderHeader(into screen: inout Screen) {
    guard let row = screenRow(view.layout.headerFrame.y) else { return }
    let name = TextSanitizer.sanitize(options.catalogueName)
    let dot = options.glyphs.dot
    let left = " Waterfall \(dot) \(name) \(dot) \(itemCountText)"
    let right: String
    let paging = view.paging
    if paging.isRefreshing, view.itemCount > 0 {
      right = "\(spinnerFrame) refreshing\(options.glyphs.ellipsis)"
    } else if paging.isArmed {
      right = "\(options.glyphs.arrowUp) release to refresh"
    } else if paging.pulledRows > 0 {
      right = "\(options.glyphs.arrowDown) pull to refresh (\(paging.pulledRows)/\(paging.refreshThreshold))"
    } else {
      right = ""
    }
    let rightWidth = DisplayWidth.of(right)
    screen.put(
      TextLayout.clip(left, toWidth: screen.width - rightWidth - 1, ellipsis: options.glyphs.ellipsis), x: 0,
      y: row, style: Palette.header)
    if !right.isEmpty { screen.put(right, x: screen.width - rightWidth - 1, y: row, style: Palette.pull) }
  }

  private func renderPlaceholder(_ text: String, style: Style = Palette.placeholder, into screen: inout Screen) {
    let frame = view.layout.placeholderFrame
    guard let row = screenRow(frame.y + frame.height / 2) else { return }
    putCentered(text, row: row, style: style, into: &screen)
  }

  /// One line of our own text, clipped to the screen less a column each side and centred.
  private func putCentered(_ text: String, row: Int, style: Style, into screen: inout Screen) {
    let clipped = TextLayout.clip(text, toWidth: screen.width - 2, ellipsis: options.glyphs.ellipsis)
    screen.put(clipped, x: max(0, (screen.width - DisplayWidth.of(clipped)) / 2), y: row, style: style)
  }

  private func renderFooter(into screen: inout Screen) {
    guard view.contentState == .items, let row = screenRow(view.layout.footerFrame.y) else { return }
    let text: String
    let style: Style
    switch view.paging.loadMore {
    case .idle:
      text = "\(options.glyphs.arrowDown) scroll down to load more"
      style = Palette.footer
    case .loading:
      text = "\(spinnerFrame) loading more\(options.glyphs.ellipsis)"
      style = Palette.footerBusy
    case .failed:
      text = "load failed \(options.glyphs.dash) press R or click to retry"
      style = Palette.footerFailed
    case .exhausted:
      text =
        "\(options.glyphs.dash) end of the catalogue \(options.glyphs.dot) \(itemCountText) \(options.glyphs.dash)"
      style = Palette.footer
    }
    putCentered(text, row: row, style: style, into: &screen)
  }

  private func renderCells(into screen: inout Screen) {
    let viewport = view.viewportRect
    let columnWidth = view.layout.columnWidth
    for (index, cell) in view.visibleCells {
      let frame = view.layout.frame(of: index)
      guard frame.intersects(viewport), let itemCell = cell as? ItemCell else { continue }
      itemCell.configure(
        with: items[index], display: displayItems[index], columnWidth: columnWidth, metrics: options.metrics,
        ellipsis: options.glyphs.ellipsis)
      drawBox(index: index, cell: itemCell, frame: frame, into: &screen)
    }
  }

  private func drawBox(index: Int, cell: ItemCell, frame: GridRect, into screen: inout Screen) {
    let item = displayItems[index]
    let glyphs = options.glyphs
    let isSelected = view.selectedIndex == index
    let isFocused = focusedIndex == index
    let border = isSelected ? glyphs.selected : isFocused ? glyphs.focused : glyphs.plain
    let borderStyle = isFocused ? Palette.focusedBorder : isSelected ? Palette.selectedBorder : Palette.border
    let inner = max(0, frame.width - 2)
    let imageRows = options.metrics.imageRows(aspectRatio: item.aspectRatio, columnWidth: frame.width)
    let shade = glyphs.shades[item.look % glyphs.shades.count]
    let imageStyle = Style(foreground: Palette.imageColors[(item.look / 7) % Palette.imageColors.count])

    for line in 0..<frame.height {
      guard let row = screenRow(frame.y + line) else { continue }
      let x = frame.x
      if line == 0 || line == frame.height - 1 {
        let isTop = line == 0
        screen.put(character: isTop ? border.topLeft : border.bottomLeft, x: x, y: row, style: borderStyle)
        screen.fill(x: x + 1, y: row, width: inner, height: 1, character: border.horizontal, style: borderStyle)
        screen.put(
          character: isTop ? border.topRight : border.bottomRight, x: x + frame.width - 1, y: row, style: borderStyle)
        if isTop, showReuse {
          let label = "#\(cell.objectID) r\(cell.reuseCount)"
          screen.put(label, x: x + 1, y: row, style: Palette.reuseLabel, maximumWidth: inner)
        }
        continue
      }
      screen.put(character: border.vertical, x: x, y: row, style: borderStyle)
      screen.put(character: border.vertical, x: x + frame.width - 1, y: row, style: borderStyle)
      if line <= imageRows {
        screen.fill(x: x + 1, y: row, width: inner, height: 1, character: shade, style: imageStyle)
        // No price, like no title, draws nothing: not a blank gap in the picture.
        if line == imageRows, !cell.price.isEmpty {
          screen.put(" \(cell.price) ", x: x + 1, y: row, style: Palette.price, maximumWidth: inner)
        }
      } else {
        let titleLine = line - imageRows - 1
        if titleLine < cell.titleLines.count {
          screen.put(cell.titleLines[titleLine], x: x + 1, y: row, style: Palette.title, maximumWidth: inner)
        }
      }
    }
  }

  private func renderStatusBar(into screen: inout Screen) {
    let row = screen.height - 1
    screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Palette.statusBar)
    let separator = " \(options.glyphs.separator) "
    let maximum = view.maximumOffset
    let percent = maximum == 0 ? 100 : view.contentOffset * 100 / maximum
    var parts = ["row \(view.contentOffset + 1)/\(view.contentHeight) \(percent)%", itemCountText]
    let onScreen = view.indicesInViewport
    if let first = onScreen.first, let last = onScreen.last { parts.append("#\(first)-#\(last)") }
    if let selected = view.selectedIndex { parts.append("sel #\(selected)") }
    if options.skippedItems > 0 { parts.append("\(options.skippedItems) skipped") }
    parts.append(notice.map(TextSanitizer.sanitize) ?? "? help  q quit")
    let text = " " + parts.joined(separator: separator)
    screen.put(text, x: 0, y: row, style: Palette.statusBar, maximumWidth: screen.width)
  }
}
