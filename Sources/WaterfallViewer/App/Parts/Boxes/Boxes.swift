import Pictures
import ShopCatalog
import WaterfallKit

/// The boxes on screen: border, picture area with the price over its last row, title lines, the section headers
/// over them, and where the cursor rests on the focused box. Drawing only: what it draws comes from the root as
/// arguments (the engine, the items, the focus, the marks, the pictures, the search), read once per frame.
struct Boxes {
  let waterfall: WaterfallView
  let store: ItemStore
  let focus: Focus
  let glyphs: Glyphs
  let metrics: BoxMetrics
  /// The inspector's reuse labels and flashes, when on.
  let reuse: (inspector: InspectorState, now: Int)?
  let picker: Picker
  /// Each slot's picture; `nil` when pictures are off (the boxes show placeholders).
  let pictures: PictureBook?
  /// What the search matches in a title is highlighted.
  let search: ItemQuery?
  /// Whether the result is in sections, each with a header.
  let hasSections: Bool

  func draw(into screen: inout Screen) {
    let viewport = waterfall.viewportRect
    for (index, cell) in waterfall.visibleCells {
      let frame = waterfall.layout.frame(of: index)
      guard frame.intersects(viewport), let itemCell = cell as? ItemCell else { continue }
      drawBox(index: index, cell: itemCell, frame: frame, into: &screen)
    }
    drawSectionHeaders(into: &screen)
  }

  /// The focused box's title row on screen (its first row on screen, if the title is not), for screen readers;
  /// never a row a section header covers.
  var cursorOnFocus: (column: Int, row: Int)? {
    guard let focused = focus.keyboardOnScreen, waterfall.contentState == .items else { return nil }
    let frame = waterfall.layout.frame(of: focused)
    let imageRows = metrics.imageRows(aspectRatio: store.displayItems[focused].aspectRatio, columnWidth: frame.width)
    let titleRow = frame.y + imageRows + 1
    let covered = sectionHeaderRows
    let rows = (titleRow < frame.maxY - 1 ? [titleRow] : []) + Array(max(frame.y, waterfall.contentOffset)..<frame.maxY)
    let row = rows.lazy.compactMap { self.waterfall.screenRow($0) }.first { !covered.contains($0) }
    return row.map { (frame.x + 1, $0) }
  }

  /// The screen rows the section headers take, the pinned one among them.
  private var sectionHeaderRows: Set<Int> { Set(sectionHeadersShown.compactMap { waterfall.screenRow($0.row) }) }

  private func drawBox(index: Int, cell: ItemCell, frame: GridRect, into screen: inout Screen) {
    let item = store.displayItems[index]
    let isSelected = focus.selected == index
    let isFocused = focus.keyboard == index
    let border = isSelected ? glyphs.selected : isFocused ? glyphs.focused : glyphs.plain
    let flashing = reuse.map { $0.inspector.isFlashing(index, now: $0.now) } ?? false
    let borderStyle =
      flashing
      ? Palette.reuseFlash : isFocused ? Palette.focusedBorder : isSelected ? Palette.selectedBorder : Palette.border
    let inner = max(0, frame.width - 2)
    let imageRows = metrics.imageRows(aspectRatio: item.aspectRatio, columnWidth: frame.width)
    let pictureSize = BoxSize(columns: inner, rows: imageRows)
    let top = frame.y - waterfall.contentOffset
    // Only the rows inside the viewport are drawn: the status bar below is not the box's to cover.
    let rows = max(0, -top)..<min(frame.height, waterfall.viewportSize.height - top)
    guard !rows.isEmpty else { return }
    screen.drawBorder(
      BorderRect(x: frame.x, y: top, width: frame.width, height: frame.height), border, style: borderStyle, rows: rows)
    if rows.contains(0), picker.isMarked(store.ids[index]) {
      screen.put(glyphs.pickMark, x: frame.x, y: top, style: Palette.pickMark, maximumWidth: 1)
    }
    if reuse != nil, rows.contains(0) {
      screen.put(
        (store.number(at: index).map { "#\($0) " } ?? "")
          + "\(InspectorPanel.cellName(cell.objectID)) r\(cell.reuseCount)",
        x: frame.x + 1,
        y: top,
        style: Palette.reuseLabel,
        maximumWidth: inner)
    }
    let pictureEntry = pictures?[.box(index)]
    for line in rows where line > 0 && line < frame.height - 1 {
      let row = top + line
      if line <= imageRows {
        if pictures == nil {
          PictureArea.drawPlaceholderRow(
            look: item.look, glyphs: glyphs, x: frame.x + 1, y: row, width: inner, into: &screen)
        } else {
          PictureArea.drawRow(
            line - 1, entry: pictureEntry, slot: .box(index), size: pictureSize, look: item.look, glyphs: glyphs,
            x: frame.x + 1, y: row, into: &screen)
        }
        // No price, like no title, draws nothing: not a blank gap in the picture.
        if line == imageRows, !cell.price.isEmpty {
          screen.put(" \(cell.price) ", x: frame.x + 1, y: row, style: Palette.price, maximumWidth: inner)
        }
      } else if line - imageRows - 1 < cell.titleLines.count {
        drawTitleLine(cell.titleLines[line - imageRows - 1], x: frame.x + 1, y: row, width: inner, into: &screen)
      }
    }
  }

  /// A line of a title, with what the search matches in it highlighted.
  private func drawTitleLine(_ line: String, x: Int, y: Int, width: Int, into screen: inout Screen) {
    screen.put(line, x: x, y: y, style: Palette.title, maximumWidth: width)
    guard let search else { return }
    for range in search.matchRanges(in: line) {
      let start = x + DisplayWidth.of(line[..<range.lowerBound])
      let limit = max(0, x + width - start)
      screen.put(line[range], x: start, y: y, style: Palette.searchMatch, maximumWidth: limit)
    }
  }

  /// Section headers: a full-width row with the group's name and count; the header of the section being read
  /// stays pinned at the top while its items scroll under it.
  private func drawSectionHeaders(into screen: inout Screen) {
    for header in sectionHeadersShown { drawSectionHeader(header.section, contentRow: header.row, into: &screen) }
  }

  /// The section headers drawn: each one's section and content row, the pinned one last (over the others).
  private var sectionHeadersShown: [(section: Int, row: Int)] {
    guard hasSections else { return [] }
    let inView = waterfall.sectionHeadersInViewport.map { ($0, waterfall.layout.sectionHeaderFrame($0).y) }
    return inView + (waterfall.pinnedSectionHeader.map { [($0.section, $0.frame.y)] } ?? [])
  }

  private func drawSectionHeader(_ section: Int, contentRow: Int, into screen: inout Screen) {
    guard section < store.sections.count, let row = waterfall.screenRow(contentRow) else { return }
    let group = store.sections[section]
    let name = TextSanitizer.sanitize(group.name, limit: 80)
    let count = group.totalCount == 1 ? "1 item" : "\(group.totalCount) items"
    screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Palette.sectionHeader)
    let text = " \(glyphs.arrowRight) \(name) \(glyphs.dot) \(count)"
    screen.put(
      TextLayout.clip(text, toWidth: screen.width, ellipsis: glyphs.ellipsis), x: 0, y: row,
      style: Palette.sectionHeader)
  }
}

extension WaterfallView {
  /// The screen row of content row `y`, when it is inside the viewport.
  func screenRow(_ y: Int) -> Int? {
    let row = y - contentOffset
    return row >= 0 && row < viewportSize.height ? row : nil
  }
}
