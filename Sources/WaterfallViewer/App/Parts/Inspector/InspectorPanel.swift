import WaterfallKit

/// The reuse inspector panel: the live counters, a minimap of the whole content (every item a block in its
/// column, the viewport and the buffered rect over it, live cells marked), the pool by reuse identifier, and
/// the log of the latest layout passes, read top to bottom (the newest last). Items are `#N` as everywhere; cell
/// objects are `cN`, in the labels as here.
struct InspectorPanel {
  let inspector: InspectorState
  let waterfall: WaterfallView
  let glyphs: Glyphs
  let metrics: SessionMetrics

  /// Draws the panel down the right of `screen`, above the status bar.
  func draw(into screen: inout Screen) {
    let width = InspectorState.width(screenWidth: screen.width, halfScreen: inspector.halfScreen)
    let rect = BorderRect(x: screen.width - width, y: 0, width: width, height: screen.height - 1)
    guard rect.width >= 12, rect.height >= 6 else { return }
    screen.fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    screen.drawBorder(rect, glyphs.plain, style: Palette.overlayBorder)
    screen.put(" Reuse inspector ", x: rect.x + 2, y: rect.y, style: Palette.overlayTitle, maximumWidth: width - 4)
    let inner = BorderRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
    var row = inner.y
    // On a short panel the minimap comes before all but the first counters' line: it is what the panel is for.
    let roomy = inner.height >= 12
    for line in inspectorCounterLines(width: inner.width).prefix(roomy ? Int.max : 1) {
      screen.put(line, x: inner.x, y: row, style: Palette.overlayText, maximumWidth: inner.width)
      row += 1
    }
    if roomy, let comparison = inspector.comparison {
      for (index, line) in Self.comparisonLines(comparison, width: inner.width).enumerated() {
        let style = index == 0 ? Palette.inspectorHeading : Palette.overlayText
        screen.put(line, x: inner.x, y: row, style: style, maximumWidth: inner.width)
        row += 1
      }
    }
    let minimapRows = min(max(3, (inner.height - 4) * 2 / 5), inner.y + inner.height - row)
    drawMinimap(BorderRect(x: inner.x, y: row, width: inner.width, height: minimapRows), into: &screen)
    row += minimapRows
    row += drawMinimapLegend(x: inner.x, y: row, width: inner.width, into: &screen)
    for line in poolLines() where row < inner.y + inner.height {
      screen.put(
        Self.fit(line, width: inner.width), x: inner.x, y: row, style: Palette.overlayText, maximumWidth: inner.width)
      row += 1
    }
    // Read back to a pass (`[`): a line says which, and the log ends with that pass.
    if let viewed = inspector.viewedPass, row < inner.y + inner.height {
      let newest = inspector.recordedPasses.last ?? viewed
      screen.put(
        Self.fit(" log at pass \(viewed) of \(newest) · ] newer", width: inner.width), x: inner.x, y: row,
        style: Palette.inspectorHeading, maximumWidth: inner.width)
      row += 1
    }
    // The newest lines that fit, oldest at the top, so the log reads down as it happened.
    let lines = Self.logLines(Self.entries(inspector.entries, through: inspector.viewedPass)).suffix(
      max(0, inner.y + inner.height - row))
    for (text, style) in lines {
      screen.put(Self.fit(text, width: inner.width), x: inner.x, y: row, style: style, maximumWidth: inner.width)
      row += 1
    }
  }

  /// The entries up to the end of pass `pass` (all of them when `nil`).
  static func entries(_ entries: [LogEntry], through pass: Int?) -> ArraySlice<LogEntry> {
    guard let pass else { return entries[...] }
    let end = entries.firstIndex { entry in
      if case .passStarted(let started, _) = entry.event { started > pass } else { false }
    }
    return entries[..<(end ?? entries.endIndex)]
  }

  /// What the minimap's marks mean, in the marks' own styles; an entry that does not fit goes to the next row,
  /// whole. Returns the rows drawn.
  private func drawMinimapLegend(x: Int, y: Int, width: Int, into screen: inout Screen) -> Int {
    let shades = glyphs.shades
    // The rows kept above and below the view: cells stay alive there and their pictures are fetched ahead.
    let bufferRows = max(0, waterfall.viewportRect.y - waterfall.bufferedRect.y)
    let entries: [[(String, Style)]] = [
      [(" ", Style.plain), ("\(shades[2])", Palette.inspectorLive), (" live", Palette.inspectorQuiet)],
      [(" ", Style.plain), ("\(shades[0])\(shades[1])", Style.plain), (" laid out", Palette.inspectorQuiet)],
      [(" ", Style.plain), (" view ", Palette.inspectorViewport)],
      [(" ", Style.plain), (" buffer ±\(bufferRows) rows ", Palette.inspectorBuffer)],
    ]
    let missing: [[(String, Style)]] =
      inspector.comparison == nil ? [] : [[(" ", Style.plain), (" missed ", Palette.inspectorMissed)]]
    var (column, row) = (x, y)
    for entry in entries + missing {
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

  /// The comparison as a table: per query, the frames it examined in the last pass and in all, and the cells it
  /// asked for new, reused from its own pool and the items in view it missed, summed. Columns are left out from
  /// the right of the numbers as the width shrinks, the name and the misses last.
  static func comparisonLines(_ comparison: ReuseComparison, width: Int) -> [String] {
    let columns: [(title: String, width: Int, value: (ReuseComparison.Track) -> Int)] = [
      ("seen", 7, { $0.lastPass.examined }), ("Σseen", 8, { $0.total.examined }), ("new", 5, { $0.total.created }),
      ("reuse", 6, { $0.total.reused }), ("miss", 5, { $0.total.missed }),
    ]
    let nameWidth = 9
    var shown = columns
    while !shown.isEmpty, 1 + nameWidth + shown.reduce(0, { $0 + $1.width }) > width {
      shown.remove(at: shown.count > 2 ? 1 : 0)
    }
    func row(_ name: String, _ cells: [String]) -> String {
      let padded = name.count < nameWidth ? name + String(repeating: " ", count: nameWidth - name.count) : name
      return " " + padded
        + zip(shown, cells).map { column, text in
          String(repeating: " ", count: max(0, column.width - text.count)) + text
        }.joined()
    }
    let heading = row(comparison.passes == 1 ? "1 pass" : "\(comparison.passes) passes", shown.map(\.title))
    return [heading]
      + comparison.tracks.map { track in
        row(track.query.shortName, shown.map { compact($0.value(track)) })
      }
  }

  /// A count in at most six characters: 999999, then 1.2M.
  static func compact(_ count: Int) -> String {
    if count < 1_000_000 { return String(count) }
    if count < 1_000_000_000 { return "\((count / 100_000) / 10).\((count / 100_000) % 10)M" }
    return "\(count / 1_000_000_000)G"
  }

  /// A cell object's name: `c7`. Items are `#N`; the two never share a notation.
  static func cellName(_ objectID: Int) -> String { "c\(objectID)" }

  private func inspectorCounterLines(width: Int) -> [String] {
    let stats = waterfall.statistics
    let groups = [
      ["passes \(stats.layoutPasses)", "live \(stats.liveCells)", "pooled \(stats.pooledCells)"],
      ["created \(stats.cellsCreated)", "reused \(stats.cellsReused)", "dropped \(stats.cellsDropped)"],
      ["data source \(stats.dataSourceCalls)", "binds \(metrics.binds)"] + (inspector.isStepping ? ["STEP"] : []),
      // FlashList's blank area, prefetch hits and (measured in the terminal) frames over budget; means and sums
      // are in the statistics (s).
      (metrics.awaitsPictures
        ? [
          "blank \(metrics.blankCells) (most \(metrics.largestBlank))",
          "prefetched \(metrics.prefetchHits)/\(metrics.prefetchHits + metrics.prefetchMisses)",
        ] : ["no pictures awaited"])
        + (metrics.measuredFrames > 0 ? ["late \(metrics.framesOverBudget)/\(metrics.measuredFrames)"] : []),
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
    // Each column's live items' rows, so a line is marked live when any of its rows holds one (a sample row
    // alone would miss a short item the line also covers).
    var liveRows = [[Range<Int>]](repeating: [], count: columns)
    for item in waterfall.visibleCells.keys where item < layout.count {
      let frame = layout.frame(of: item)
      liveRows[min(columns - 1, layout.column(of: item))].append(frame.y..<frame.maxY)
    }
    let missed = Set(inspector.comparison?.tracks.flatMap(\.missedItems) ?? [])
    let itemRows = layout.headerFrame.maxY..<max(layout.headerFrame.maxY, layout.itemsBottom)
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
      // A line with item rows shows the items, even where it also covers the header or footer: at a small
      // size the first and last lines do, and the viewport is often there.
      guard rowsBand.overlaps(itemRows) else {
        let label = rowsBand.lowerBound < itemRows.lowerBound ? "header" : "footer"
        screen.put(label, x: area.x + 1, y: y, style: band.merging(Palette.inspectorQuiet))
        continue
      }
      let sampleRow = min(max(middle, itemRows.lowerBound), itemRows.upperBound - 1)
      let itemBand = max(rowsBand.lowerBound, itemRows.lowerBound)..<min(rowsBand.upperBound, itemRows.upperBound)
      for column in 0..<columns {
        // A hit test: O(log n) a column, where copying every column's items cost O(n) a frame.
        let item = layout.hitTest(GridPoint(x: layout.columnX(column), y: sampleRow)).itemIndex
        let isLive = liveRows[column].contains { $0.overlaps(itemBand) }
        guard item != nil || isLive else { continue }
        let shades = glyphs.shades
        let shade = isLive ? shades[2] : shades[(item ?? 0) % 2]
        let isMissed = item.map(missed.contains) ?? false
        let style =
          isMissed ? Palette.inspectorMissed : isLive ? band.merging(Palette.inspectorLive) : band
        screen.fill(
          x: area.x + 1 + column * columnWidth, y: y, width: max(1, columnWidth - (columnWidth > 2 ? 1 : 0)),
          height: 1, character: shade, style: style)
      }
    }
  }

  private func poolLines() -> [String] {
    let pooled = waterfall.pooledCellIDs.sorted { $0.key < $1.key }
    if pooled.isEmpty { return [" pool: empty"] }
    // As code writes a pool keyed by reuse identifier, so the count reads as cells, not as a sentence.
    return pooled.map { identifier, ids in
      let cells = ids.count == 1 ? "1 cell" : "\(ids.count) cells"
      return " pool[\"\(identifier)\"]: \(cells)" + (ids.isEmpty ? "" : " — ")
        + ids.reversed().map(Self.cellName).joined(separator: " ")
    }
  }

  /// The log, oldest first: one line per event, but a run of passes where nothing entered, left or was asked
  /// is one line (`passes 10-13: nothing entered or left`), so what did happen stays on screen.
  static func logLines(_ entries: some RandomAccessCollection<LogEntry>) -> [(String, Style)] {
    let entries = Array(entries)
    var lines: [(String, Style)] = []
    var idle: (first: Int, last: Int)?
    func flushIdle() {
      guard let run = idle else { return }
      let passes = run.first == run.last ? "pass \(run.first)" : "passes \(run.first)-\(run.last)"
      lines.append((" \(passes): nothing entered or left", Palette.inspectorQuiet))
      idle = nil
    }
    var index = 0
    while index < entries.count {
      if case .passStarted(let pass, _) = entries[index].event, index + 1 < entries.count,
        case .passEnded(pass, _, _) = entries[index + 1].event
      {
        idle = (idle?.first ?? pass, pass)
        index += 2
        continue
      }
      flushIdle()
      lines.append(Self.logLine(entries[index]))
      index += 1
    }
    flushIdle()
    return lines
  }

  private static func logLine(_ entry: LogEntry) -> (String, Style) {
    // An item not loaded yet (a jump lays out measured places first) is named by its place.
    let item = entry.itemNumber.map { "#\($0)" } ?? entry.event.item.map { "place \($0 + 1)" } ?? "an item"
    switch entry.event {
    case .passStarted(let pass, let rect):
      return (" pass \(pass): buffer rows \(max(0, rect.y))-\(max(0, rect.maxY - 1))", Palette.inspectorHeading)
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
      return ("  + \(item) <- \(from)", origin == .dequeued ? Palette.inspectorReused : Palette.inspectorEntered)
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

extension Style {
  /// This style with `other`'s colours where it has them, and both's attributes.
  func merging(_ other: Style) -> Style {
    Style(
      foreground: other.foreground == .standard ? foreground : other.foreground,
      background: other.background == .standard ? background : other.background,
      attributes: attributes.union(other.attributes))
  }
}
