import Pictures

/// Pictures into the screen: a box's picture area, and the picture at the top of the detail panel.
extension Viewer {
  /// Draws row `row` of store item `index`'s picture area (`columns` wide from `x`, `size.rows` tall) at screen row `y`:
  /// the picture when its grid of exactly this size is in, a failure mark when it cannot be had, else the shaded
  /// placeholder.
  func drawPictureRow(
    _ row: Int, of index: Int, slot: PictureSlot, size: BoxSize, x: Int, y: Int, into screen: inout Screen
  ) {
    drawPictureRow(row, of: index, entry: pictures[slot], slot: slot, size: size, x: x, y: y, into: &screen)
  }

  /// ``drawPictureRow(_:of:slot:size:x:y:into:)`` with the slot's entry looked up by the caller, once for all the
  /// rows of a box.
  func drawPictureRow(
    _ row: Int, of index: Int, entry: PictureBook.Entry?, slot: PictureSlot, size: BoxSize, x: Int, y: Int,
    into screen: inout Screen
  ) {
    switch entry {
    case .shown(let picture, _) where picture.size == size:
      screen.put(pictureCells: picture.row(row), x: x, y: y)
      if let pixels = picture.pixels {
        screen.addPictureRow(pixels, id: slot.rawValue, row: row, rows: size.rows, x: x, y: y, columns: size.columns)
      }
    case .failed where row == size.rows / 2:
      drawPlaceholderRow(of: index, x: x, y: y, width: size.columns, into: &screen)
      let mark = TextLayout.clip(
        "\(options.glyphs.failureMark) no picture", toWidth: size.columns, ellipsis: options.glyphs.ellipsis)
      screen.put(
        mark, x: x + max(0, (size.columns - DisplayWidth.of(mark)) / 2), y: y, style: Palette.pictureFailed)
    default:
      drawPlaceholderRow(of: index, x: x, y: y, width: size.columns, into: &screen)
    }
  }

  /// The shading that stands for a picture not (yet) drawn: a shade and colour of the item's own.
  func drawPlaceholderRow(of index: Int, x: Int, y: Int, width: Int, into screen: inout Screen) {
    let look = store.displayItems[index].look
    let shade = options.glyphs.shades[look % options.glyphs.shades.count]
    let style = Style(foreground: Palette.imageColors[(look / 7) % Palette.imageColors.count])
    screen.fill(x: x, y: y, width: width, height: 1, character: shade, style: style)
  }

  /// Why item `index`'s picture cannot be shown, if it cannot.
  func pictureFailure(_ index: Int) -> PictureFailure? {
    if case .failed(let failure, _) = pictures[.box(index)] { return failure }
    if case .failed(let failure, _) = pictures[.detail(index)] { return failure }
    return nil
  }
}
