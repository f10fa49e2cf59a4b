extension PixelPicture {
  /// Rows `rows` of a box of `size` cells, each cell a space in the mean colour of the pixels it covers: what
  /// the cells under a pixel picture hold. The terminal shows the pixels over them; the cells show only where a
  /// panel leaves the picture to its cells or a screen is read as text, so one averaging pass stands in for the
  /// mosaic, which cost chafa a sixth of a kitty picture's time. Without colours the cells are blank.
  func cellFill(size: BoxSize, rows: Range<Int>, colours: PictureColourMode) -> [PictureCell] {
    let cellWidth = max(1, width / max(1, size.columns))
    let cellHeight = max(1, height / max(1, size.rows))
    let blank = PictureCell(character: " ", foreground: .box, background: .box)
    guard colours != .none else { return Array(repeating: blank, count: rows.count * size.columns) }
    var cells: [PictureCell] = []
    cells.reserveCapacity(rows.count * size.columns)
    pixels.withUnsafeBufferPointer { pixels in
      for row in rows {
        let top = min(height - 1, row * cellHeight)
        let bottom = max(top + 1, min(height, top + cellHeight))
        for column in 0..<size.columns {
          let left = min(width - 1, column * cellWidth)
          let right = max(left + 1, min(width, left + cellWidth))
          let mean = Self.areaMean(pixels, rowLength: width, columns: left..<right, rows: top..<bottom)
          let colour =
            colours == .direct
            ? PictureColour.rgb(red: mean.0, green: mean.1, blue: mean.2)
            : .palette(Self.cubeIndex((mean.0, mean.1, mean.2)))
          cells.append(PictureCell(character: " ", foreground: .box, background: colour))
        }
      }
    }
    return cells
  }

  /// The nearest colour of the xterm palette's 6×6×6 cube (levels 0, 95, 135, 175, 215, 255).
  static func cubeIndex(_ colour: (UInt8, UInt8, UInt8)) -> UInt8 {
    func level(_ value: UInt8) -> Int { value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40 }
    return UInt8(16 + 36 * level(colour.0) + 6 * level(colour.1) + level(colour.2))
  }
}
