import Pictures
import WaterfallKit

/// One line of a panel: a label column and text; text too long for the panel wraps under itself.
struct PanelLine {
  var label: String
  var text: String
}

/// Where the open panel (help, statistics, an item's detail) goes on the screen and what it holds, wrapped to its
/// width; and its drawing.
struct OverlayPanel {
  var title = ""
  var x = 0
  var y = 0
  var width = 0
  var height = 0
  /// Every body line, wrapped; the panel shows `visibleRows` of them from the overlay's scroll position.
  var body: [String] = []
  /// The first body lines are the item's picture (the detail panel), drawn over blank lines, centred.
  var picture: BoxSize?
  /// Where each of the panel's lines starts in the body, once wrapped.
  var lineStarts: [Int] = []
  /// A body line drawn as the cursor's (the facet panel's value under it).
  var highlightedBodyLine: Int?

  /// The body line where line `line` of the panel's lines starts.
  func bodyLine(ofLine line: Int) -> Int? { line < lineStarts.count ? lineStarts[line] : nil }
  var visibleRows: Int { max(0, height - 4) }
  /// Where the cursor rests for screen readers: on the title, when the panel has room for one.
  var cursorOnTitle: (column: Int, row: Int)? { height >= 3 ? (x + 3, y) : nil }
  /// The border's hint when there is room for it beside the position (ASCII, so its count is its width).
  static let escCloses = " Esc closes "
  var maximumScroll: Int { max(0, body.count - visibleRows) }

  /// A label and its text in `width` columns: the text wraps whole (a long URL can be read) under its own start,
  /// or under the label when the label leaves too little room.
  static func wrap(_ line: PanelLine, toWidth width: Int) -> [String] {
    let labelWidth = DisplayWidth.of(line.label)
    let indent = labelWidth <= width / 3 ? labelWidth : 0
    let first = line.label + line.text
    if DisplayWidth.of(first) <= width { return [first] }
    if indent == 0 { return TextLayout.wrap(first, toWidth: width, maximumLines: .max) }
    let pad = String(repeating: " ", count: indent)
    let wrapped = TextLayout.wrap(line.text, toWidth: width - indent, maximumLines: .max)
    return wrapped.enumerated().map { ($0.offset == 0 ? line.label : pad) + $0.element }
  }

  /// Draws the panel scrolled to body line `scroll`; `drawPictureRow` draws row `row` of the picture (`picture`
  /// columns wide) at `x`, `y`.
  func draw(
    scroll: Int, glyphs: Glyphs, into screen: inout Screen,
    drawPictureRow: (_ row: Int, _ x: Int, _ y: Int, inout Screen) -> Void
  ) {
    guard height >= 3 else { return }
    screen.fill(x: x, y: y, width: width, height: height)
    screen.drawBorder(BorderRect(x: x, y: y, width: width, height: height), glyphs.plain, style: Palette.overlayBorder)
    screen.put(" \(title) ", x: x + 2, y: y, style: Palette.overlayTitle, maximumWidth: width - 4)
    let first = min(scroll, maximumScroll)
    for (row, line) in body.dropFirst(first).prefix(visibleRows).enumerated() {
      let bodyLine = first + row
      if let picture, bodyLine < picture.rows {
        drawPictureRow(bodyLine, x + 2 + (width - 4 - picture.columns) / 2, y + 2 + row, &screen)
      } else {
        let style = bodyLine == highlightedBodyLine ? Palette.overlayCursor : Palette.overlayText
        if style != Palette.overlayText {
          screen.fill(x: x + 2, y: y + 2 + row, width: width - 4, height: 1, style: style)
        }
        screen.put(line, x: x + 2, y: y + 2 + row, style: style, maximumWidth: width - 4)
      }
    }
    // Where the reader is in a panel that does not fit; on a narrow panel "Esc" alone, and no position rather than
    // a cut one (" 2-2/1" read as a count of 1).
    let last = min(body.count, first + visibleRows)
    let arrows = (first > 0 ? glyphs.arrowUp : "") + (last < body.count ? glyphs.arrowDown : "")
    let position = maximumScroll > 0 ? " \(first + 1)-\(last)/\(body.count) \(arrows) " : ""
    let room = width - 4
    let closes = DisplayWidth.of(position) + Self.escCloses.count <= room ? Self.escCloses : " Esc "
    screen.put(closes, x: x + width - 2 - closes.count, y: y + height - 1, style: Palette.overlayBorder)
    if !position.isEmpty, DisplayWidth.of(position) + closes.count <= room {
      screen.put(position, x: x + 2, y: y + height - 1, style: Palette.overlayBorder)
    }
  }
}

extension OverlayPanel {
  /// The panel for `title` and `lines` on a screen of `size`, wrapped to its width; `picture` (the detail's) takes
  /// the first body lines. Empty (height 0) when the screen has no room for it.
  /// The columns a panel's lines have on a screen `screenWidth` wide.
  static func innerWidth(screenWidth: Int) -> Int { min(screenWidth - 2, 64) - 4 }

  init(title: String, lines: [PanelLine], screenSize size: GridSize, picture: BoxSize?) {
    let width = min(size.width - 2, 64)
    let inner = Self.innerWidth(screenWidth: size.width)
    guard inner > 4 else {
      self.init()
      return
    }
    var body: [String] = picture.map { Array(repeating: "", count: $0.rows + 1) } ?? []
    var lineStarts: [Int] = []
    for line in lines {
      lineStarts.append(body.count)
      body += Self.wrap(line, toWidth: inner)
    }
    let height = min(size.height - 3, body.count + 4)
    guard height >= 3 else {
      self.init()
      return
    }
    self.init(
      title: title, x: (size.width - width) / 2, y: max(0, (size.height - 1 - height) / 2), width: width,
      height: height, body: body, picture: picture, lineStarts: lineStarts)
  }
}
