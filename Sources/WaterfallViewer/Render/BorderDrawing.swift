extension Screen {
  /// Draws the border of `rect` (at least 2×2) with `border`'s characters: the one routine behind boxes and
  /// panels.
  mutating func drawBorder(_ rect: BorderRect, _ border: Glyphs.Border, style: Style, rows: Range<Int>? = nil) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let inner = rect.width - 2
    for line in rows ?? 0..<rect.height {
      let y = rect.y + line
      if line == 0 || line == rect.height - 1 {
        let isTop = line == 0
        put(character: isTop ? border.topLeft : border.bottomLeft, x: rect.x, y: y, style: style)
        fill(x: rect.x + 1, y: y, width: inner, height: 1, character: border.horizontal, style: style)
        put(character: isTop ? border.topRight : border.bottomRight, x: rect.x + rect.width - 1, y: y, style: style)
      } else {
        put(character: border.vertical, x: rect.x, y: y, style: style)
        put(character: border.vertical, x: rect.x + rect.width - 1, y: y, style: style)
      }
    }
  }
}

/// Where a border goes on the screen: screen columns and rows (a box may start above the screen's top).
struct BorderRect {
  var x: Int
  var y: Int
  var width: Int
  var height: Int
}
