import WaterfallViewer

/// Each character's mask in its cell box, drawn once: a frame then costs a fill and a blend per changed cell.
final class GlyphCache {
  let fonts: FontSet
  let cellWidth: Int
  let cellHeight: Int
  /// The baseline's distance from the cell's top.
  let baseline: Int

  private struct Key: Hashable {
    var character: CellCharacter
    var cells: UInt8
    var bold: Bool
  }
  private var masks: [Key: CellMask?] = [:]

  init(fonts: FontSet, lineHeight: Double = 1.0) {
    self.fonts = fonts
    let metrics = fonts.regular.metrics
    cellWidth = metrics.advance
    let natural = metrics.ascent + metrics.descent
    cellHeight = max(1, Int((Double(natural) * lineHeight).rounded()))
    baseline = metrics.ascent + (cellHeight - natural) / 2
  }

  /// The mask of `character` drawn `cells` wide, or `nil` when it leaves the cell blank.
  func mask(_ character: CellCharacter, cells: Int, bold: Bool) -> CellMask? {
    let key = Key(character: character, cells: UInt8(clamping: cells), bold: bold)
    if let known = masks[key] { return known }
    let drawn = draw(character, cells: max(1, cells), bold: bold)
    masks[key] = drawn
    return drawn
  }

  private func draw(_ character: CellCharacter, cells: Int, bold: Bool) -> CellMask? {
    if let ascii = character.asciiValue, ascii == UInt8(ascii: " ") { return nil }
    guard let cluster = character.character else { return nil }
    let scalars = Array(cluster.unicodeScalars)
    guard let first = scalars.first else { return nil }
    let width = cellWidth * cells
    if scalars.count == 1, let box = BoxGlyphs.mask(first, width: width, height: cellHeight) { return box }
    var mask = CellMask(width: width, height: cellHeight)
    for scalar in scalars where scalar.value >= 0x20 {
      let face = fonts.face(for: scalar, bold: bold)
      guard let glyph = face.render(scalar) else { continue }
      if let bgra = glyph.bgra {
        // An emoji takes the whole cluster's box (its modifiers and joiners are part of the font's picture).
        return Self.scaled(glyph, bgra: bgra, width: width, height: cellHeight)
      }
      // A glyph wider than its box (a wide one in a narrow font) is centred, then clipped.
      let spare = width - glyph.width
      let left = glyph.left < 0 || spare < glyph.left ? max(0, spare / 2) : glyph.left
      let top = baseline - glyph.top
      for row in 0..<glyph.rows {
        let y = top + row
        guard y >= 0, y < cellHeight else { continue }
        for column in 0..<glyph.width {
          let x = left + column
          guard x >= 0, x < width else { continue }
          let value = glyph.coverage[row * glyph.width + column]
          if value > mask.coverage[y * width + x] { mask.coverage[y * width + x] = value }
        }
      }
    }
    if bold, fonts.synthesizesBold { embolden(&mask) }
    return mask.isEmpty ? nil : mask
  }

  /// A colour glyph at its font's fixed size, scaled down to fit the box (area average), centred.
  private static func scaled(_ glyph: RenderedGlyph, bgra: [UInt8], width: Int, height: Int) -> CellMask {
    var mask = CellMask(width: width, height: height)
    var colors = [UInt32](repeating: 0, count: width * height)
    let scale = min(Double(width) / Double(glyph.width), Double(height) / Double(glyph.rows), 1)
    let targetWidth = max(1, Int(Double(glyph.width) * scale))
    let targetHeight = max(1, Int(Double(glyph.rows) * scale))
    let left = (width - targetWidth) / 2
    let top = (height - targetHeight) / 2
    for y in 0..<targetHeight {
      let fromY = y * glyph.rows / targetHeight
      let toY = max(fromY + 1, (y + 1) * glyph.rows / targetHeight)
      for x in 0..<targetWidth {
        let fromX = x * glyph.width / targetWidth
        let toX = max(fromX + 1, (x + 1) * glyph.width / targetWidth)
        var sums = (0, 0, 0, 0)
        for sourceY in fromY..<toY {
          for sourceX in fromX..<toX {
            let offset = (sourceY * glyph.width + sourceX) * 4
            sums.0 += Int(bgra[offset + 2])
            sums.1 += Int(bgra[offset + 1])
            sums.2 += Int(bgra[offset])
            sums.3 += Int(bgra[offset + 3])
          }
        }
        let count = (toY - fromY) * (toX - fromX)
        let index = (top + y) * width + left + x
        let (red, green, blue, alpha) = (sums.0 / count, sums.1 / count, sums.2 / count, sums.3 / count)
        colors[index] = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
        mask.coverage[index] = UInt8(alpha)
      }
    }
    mask.colors = colors
    return mask
  }

  /// Bold without a bold font: each pixel also inks its right neighbour.
  private func embolden(_ mask: inout CellMask) {
    for row in 0..<mask.height {
      for column in stride(from: mask.width - 1, to: 0, by: -1) {
        let index = row * mask.width + column
        mask.coverage[index] = max(mask.coverage[index], mask.coverage[index - 1])
      }
    }
  }
}
