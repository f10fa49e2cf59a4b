import Pictures
import WaterfallKit

/// The boxes: border, picture area with the price over its last row, title lines.
extension Viewer {
  func renderBoxes(into screen: inout Screen) {
    let viewport = waterfall.viewportRect
    for (index, cell) in waterfall.visibleCells {
      let frame = waterfall.layout.frame(of: index)
      guard frame.intersects(viewport), let itemCell = cell as? ItemCell else { continue }
      drawBox(index: index, cell: itemCell, frame: frame, into: &screen)
    }
  }

  private func drawBox(index: Int, cell: ItemCell, frame: GridRect, into screen: inout Screen) {
    let item = store.displayItems[index]
    let glyphs = options.glyphs
    let isSelected = focus.selected == index
    let isFocused = state.keyboardFocus == index
    let border = isSelected ? glyphs.selected : isFocused ? glyphs.focused : glyphs.plain
    let flashing = state.showReuse && inspector.isFlashing(index, now: state.now)
    let borderStyle =
      flashing
      ? Palette.reuseFlash : isFocused ? Palette.focusedBorder : isSelected ? Palette.selectedBorder : Palette.border
    let inner = max(0, frame.width - 2)
    let imageRows = options.metrics.imageRows(aspectRatio: item.aspectRatio, columnWidth: frame.width)
    let pictureSize = BoxSize(columns: inner, rows: imageRows)
    let top = frame.y - waterfall.contentOffset
    // Only the rows inside the viewport are drawn: the status bar below is not the box's to cover.
    let rows = max(0, -top)..<min(frame.height, waterfall.viewportSize.height - top)
    guard !rows.isEmpty else { return }
    screen.drawBorder(
      BorderRect(x: frame.x, y: top, width: frame.width, height: frame.height), border, style: borderStyle, rows: rows)
    if rows.contains(0), state.picker.isMarked(store.ids[index]) {
      screen.put(glyphs.pickMark, x: frame.x, y: top, style: Palette.pickMark, maximumWidth: 1)
    }
    if state.showReuse, rows.contains(0) {
      screen.put(
        "#\(store.ids[index].number) \(InspectorPanel.cellName(cell.objectID)) r\(cell.reuseCount)", x: frame.x + 1,
        y: top,
        style: Palette.reuseLabel,
        maximumWidth: inner)
    }
    let pictureEntry = options.pictures == nil ? nil : pictures[.box(index)]
    for line in rows where line > 0 && line < frame.height - 1 {
      let row = top + line
      if line <= imageRows {
        if options.pictures == nil {
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
    guard let query = state.search?.query else { return }
    for range in query.matchRanges(in: line) {
      let start = x + DisplayWidth.of(line[..<range.lowerBound])
      let limit = max(0, x + width - start)
      screen.put(line[range], x: start, y: y, style: Palette.searchMatch, maximumWidth: limit)
    }
  }
}
