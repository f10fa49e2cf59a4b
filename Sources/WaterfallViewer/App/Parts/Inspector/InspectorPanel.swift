import WaterfallKit

/// The reuse inspector panel: the live counters, a minimap of the whole content (every item a block in its
/// column, the viewport and the buffered rect over it, live cells marked), the pool by reuse identifier, and
/// the log of the latest layout passes, read top to bottom (the newest last). Items are `#N` as everywhere; cell
/// objects are `cN`, in the labels as here.
struct InspectorPanel {
  let inspector: InspectorState
  let waterfall: WaterfallView
  let glyphs: Glyphs

  /// Draws the panel down the right of `screen`, above the status bar.
  func draw(into screen: inout Screen) {
    let width = InspectorState.width(screenWidth: screen.width)
    let rect = BorderRect(x: screen.width - width, y: 0, width: width, height: screen.height - 1)
    guard rect.width >= 12, rect.height >= 6 else { return }
    screen.fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    screen.drawBorder(rect, glyphs.plain, style: Palette.overlayBorder)
    screen.put(" Reuse inspector ", x: rect.x + 2, y: rect.y, style: Palette.overlayTitle, maximumWidth: width - 4)
    let inner = BorderRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
    var row = inner.y
    for line in inspectorCounterLines(width: inner.width) {
      screen.put(line, x: inner.x, y: row, style: Palette.overlayText, maximumWidth: inner.width)
      row += 1
    }
    let minimapRows = max(3, (inner.height - 4) * 2 / 5)
    drawMinimap(BorderRect(x: inner.x, y: row, width: inner.width, height: minimapRows), into: &screen)
    row += minimapRows
    row += drawMinimapLegend(x: inner.x, y: row, width: inner.width, into: &screen)
    for line in poolLines() where row < inner.y + inner.height {
      screen.put(
        Self.fit(line, width: inner.width), x: inner.x, y: row, style: Palette.overlayText, maximumWidth: inner.width)
      row += 1
    }
    // The newest lines that fit, oldest at the top, so the log reads down as it happened.
    let lines = logLines().suffix(max(0, inner.y + inner.height - row))
    for (text, style) in lines {
      screen.put(Self.fit(text, width: inner.width), x: inner.x, y: row, style: style, maximumWidth: inner.width)
      row += 1
    }
  }

  /// What the minimap's marks mean, in the marks' own styles; an entry that does not fit goes to the next row,
  /// whole. Returns the rows drawn.
  private func drawMinimapLegend(x: Int, y: Int, width: Int, into screen: inout Screen) -> Int {
    let shades = glyphs.shades
    let entries: [[(String, Style)]] = [
      [(" ", Style.plain), ("\(shades[2])", Palette.inspectorLive), (" live", Palette.inspectorQuiet)],
      [(" ", Style.plain), ("\(shades[0])\(shades[1])", Style.plain), (" laid out", Palette.inspectorQuiet)],
      [(" ", Style.plain), (" view ", Palette.inspectorViewport)],
      [(" ", Style.plain), (" buffer ", Palette.inspectorBuffer)],
    ]
    var (column, row) = (x, y)
    for entry in entries {
      let entryWidth = entry.reduce(0) { $0 + DisplayWidth.of($1.0) }
      if column > x, column + entryWidth > x + width { (column, row) = (x, row + 1) }
      for (text, style) in entry {
        column = screen.put(text, x: column, y: row, style: style, maximumWidth: max(0, x + width - column))
      }
    }
    return row - y + 1
  }

  /// `text` as it fits `width`: whole, or cut after its last word that fits and marked with an ellipsis, so no
  /// number or word is cut silently.
  static func fit(_ text: String, width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    let clipped = TextLayout.clip(text, toWidth: width)
    // The clip ends with "…": back to the last space before it, unless that leaves nothing.
    let kept = clipped.dropLast()
    guard let space = kept.lastIndex(of: " "), kept[..<space].contains(where: { $0 != " " }) else { return clipped }
    return String(kept[..<space]).trimmingTrailingSpaces() + "…"
  }

  /// Fields ("live 6") after one another, two spaces apart, a field that does not fit starting the next line.
  static func pack(_ fields: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for field in fields {
      let candidate = line.isEmpty ? " \(field)" : "\(line)  \(field)"
      if !line.isEmpty, DisplayWidth.of(candidate) > width {
        lines.append(line)
        line = " \(field)"
      } else {
        line = candidate
      }
    }
    return lines + [line]
  }

  /// A cell object's name: `c7`. Items are `#N`; the two never share a notation.
  static func cellName(_ objectID: Int) -> String { "c\(objectID)" }

  private func inspectorCounterLines(width: Int) -> [String] {
    let stats = waterfall.statistics
    let groups = [
      ["passes \(stats.layoutPasses)", "live \(stats.liveCells)", "pooled \(stats.pooledCells)"],
      ["created \(stats.cellsCreated)", "reused \(stats.cellsReused)", "dropped \(stats.cellsDropped)"],
      ["data source \(stats.dataSourceCalls)"] + (inspector.isStepping ? ["STEP"] : []),
    ]
    // Wrapped between fields, never through one: a count cut off reads as another number.
    return groups.flatMap { Self.pack($0, width: width).map { Self.fit($0, width: width) } }
  }

  /// Content rows scaled to `area`'s height; each layout column gets its share of the width.
  private func drawMinimap(_ area: BorderRect, into screen: inout Screen) {
    let layout = waterfall.layout
    let content = max(1, waterfall.contentHeight)
    let columns = max(1, layout.columnCount)
    let columnWidth = max(1, (area.width - 1) / columns)
    let viewport = waterfall.viewportRect
    let buffered = waterfall.bufferedRect
    let live = Set(waterfall.visibleCells.keys)
    for line in 0..<area.height {
      let top = line * content / area.height
      let bottom = max(top + 1, (line + 1) * content / area.height)
      let middle = (top + bottom) / 2
      let rowsBand = top..<bottom
      let inViewport = rowsBand.overlaps(viewport.y..<viewport.maxY)
      let inBuffer = rowsBand.overlaps(buffered.y..<buffered.maxY)
      let band = inViewport ? Palette.inspectorViewport : inBuffer ? Palette.inspectorBuffer : Style.plain
      let y = area.y + line
      screen.fill(x: area.x, y: y, width: area.width, height: 1, style: band)
      if rowsBand.overlaps(layout.headerFrame.y..<layout.headerFrame.maxY) {
        screen.put("header", x: area.x + 1, y: y, style: band.merging(Palette.inspectorQuiet))
        continue
      }
      if rowsBand.overlaps(layout.footerFrame.y..<max(layout.footerFrame.y + 1, layout.footerFrame.maxY)) {
        screen.put("footer", x: area.x + 1, y: y, style: band.merging(Palette.inspectorQuiet))
        continue
      }
      for column in 0..<columns {
        // A hit test: O(log n) a column, where copying every column's items cost O(n) a frame.
        guard let item = layout.hitTest(GridPoint(x: layout.columnX(column), y: middle)).itemIndex else { continue }
        let isLive = live.contains(item)
        let shades = glyphs.shades
        let shade = isLive ? shades[2] : shades[item % 2]
        let style = isLive ? band.merging(Palette.inspectorLive) : band
        screen.fill(
          x: area.x + 1 + column * columnWidth, y: y, width: max(1, columnWidth - (columnWidth > 2 ? 1 : 0)),
          height: 1, character: shade, style: style)
      }
    }
  }

  private func poolLines() -> [String] {
    let pooled = waterfall.pooledCellIDs.sorted { $0.key < $1.key }
    if pooled.isEmpty { return [" pool: empty"] }
    return pooled.map { identifier, ids in
      " pool \(identifier): \(ids.count) " + ids.reversed().map(Self.cellName).joined(separator: " ")
    }
  }

  /// The log, oldest first: one line per event.
  private func logLines() -> [(String, Style)] {
    inspector.entries.map { entry in
      let item = entry.itemNumber.map { "#\($0)" } ?? "an item"
      switch entry.event {
      case .passStarted(let pass, let rect):
        return (" pass \(pass): keeps rows \(max(0, rect.y))-\(max(0, rect.maxY - 1))", Palette.inspectorHeading)
      case .passEnded(let pass, let liveCells, let pooledCells):
        return (" pass \(pass) done: \(liveCells) live, \(pooledCells) pooled", Palette.inspectorQuiet)
      case .itemEntered(_, _, let cell, let origin):
        let cellName = Self.cellName(cell.objectID)
        let from =
          switch origin {
          case .created: "new \(cellName)"
          case .dequeued: "\(cellName) from pool (r\(cell.reuseCount))"
          case .suppliedByDataSource: "\(cellName) from data source"
          }
        return ("  + \(item) <- \(from)", Palette.inspectorEntered)
      case .itemLeft(_, _, let cell, let destination):
        let to = destination == .pool ? "to pool" : "dropped (pool full)"
        return ("  - \(item) -> \(Self.cellName(cell.objectID)) \(to)", Palette.inspectorLeft)
      case .dataSourceCall(_, let call):
        let asked =
          switch call {
          case .numberOfSections: "number of sections"
          case .numberOfItems(let section): "items in section \(section)"
          case .headerHeight(let section): "header height of section \(section)"
          case .heights(let range): "heights at places \(range.lowerBound + 1)-\(range.upperBound)"
          case .cell: "cell for \(item)"
          }
        return ("  ? asked \(asked)", Palette.inspectorQuiet)
      }
    }
  }
}

extension Style {
  /// This style with `other`'s colours where it has them, and both's attributes.
  func merging(_ other: Style) -> Style {
    Style(
      foreground: other.foreground == .standard ? foreground : other.foreground,
      background: other.background == .standard ? background : other.background,
      attributes: attributes.union(other.attributes))
  }
}
