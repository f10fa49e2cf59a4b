import Pictures

/// A picture area on the screen, a row at a time: a box's, or the detail panel's. The picture when its grid of
/// exactly this size is in, a failure mark when it cannot be had, else the shaded placeholder of the item's `look`.
enum PictureArea {
  /// Draws row `row` of a picture area `size` big from `x` at screen row `y`, showing `entry` (the slot's).
  static func drawRow(
    _ row: Int, entry: PictureBook.Entry?, slot: PictureSlot, size: BoxSize, look: Int, glyphs: Glyphs, x: Int, y: Int,
    into screen: inout Screen
  ) {
    switch entry {
    case .shown(let picture, _) where picture.size == size:
      screen.put(pictureCells: picture.row(row), x: x, y: y)
      if let pixels = picture.pixels {
        screen.addPictureRow(pixels, id: slot.rawValue, row: row, rows: size.rows, x: x, y: y, columns: size.columns)
      }
    case .failed where row == size.rows / 2:
      drawPlaceholderRow(look: look, glyphs: glyphs, x: x, y: y, width: size.columns, into: &screen)
      let mark = TextLayout.clip("\(glyphs.failureMark) no picture", toWidth: size.columns, ellipsis: glyphs.ellipsis)
      screen.put(
        mark, x: x + max(0, (size.columns - DisplayWidth.of(mark)) / 2), y: y, style: Palette.pictureFailed)
    default:
      drawPlaceholderRow(look: look, glyphs: glyphs, x: x, y: y, width: size.columns, into: &screen)
    }
  }

  /// The shading that stands for a picture not (yet) drawn: a shade and colour of the item's own `look`.
  static func drawPlaceholderRow(look: Int, glyphs: Glyphs, x: Int, y: Int, width: Int, into screen: inout Screen) {
    let shade = glyphs.shades[look % glyphs.shades.count]
    let style = Style(foreground: Palette.imageColors[(look / 7) % Palette.imageColors.count])
    screen.fill(x: x, y: y, width: width, height: 1, character: shade, style: style)
  }
}
