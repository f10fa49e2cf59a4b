import Pictures
import WaterfallViewer

/// A screen drawn to pixels, kept between frames: painting the next screen redraws only the cells that changed
/// (character, style, the picture over them), so a frame costs its changes.
public final class FrameCanvas {
  public let settings: ImageSettings
  public let width: Int
  public let height: Int
  public var cellWidth: Int { glyphs.cellWidth }
  public var cellHeight: Int { glyphs.cellHeight }
  /// The cells' top-left pixel.
  public let originX: Int
  public let originY: Int
  /// RGBA, one `UInt32` per pixel (red the lowest byte), row by row.
  public private(set) var pixels: [UInt32]
  /// The pixels redrawn by the last ``paint(_:)``: rectangles, one per run of changed cells in a row.
  private(set) var dirtyRects: [(x: Int, y: Int, width: Int, height: Int)] = []

  private let glyphs: GlyphCache
  private var shown: Screen?
  /// Per cell, the picture drawn over it (an index into the screen's pictures) or -1.
  private var shownCover: [Int] = []
  private var shownPictures: [ScreenPicture] = []

  /// A canvas for screens of `columns` × `rows` cells: the picture is that plus padding and VHS's window, or the
  /// tape's pixels (cells that do not fit them, a size asked for with `--size`, are cut at the right and bottom).
  public init(columns: Int, rows: Int, settings: ImageSettings) throws(TapeImageError) {
    self.settings = settings
    let fonts = try FontSet(family: settings.fontFamily, pixelSize: settings.fontSize)
    glyphs = GlyphCache(fonts: fonts, lineHeight: settings.lineHeight)
    let insets = settings.insets
    let cellsWidth = columns * glyphs.cellWidth + insets.horizontal
    let cellsHeight = rows * glyphs.cellHeight + insets.vertical
    let width = settings.pixelWidth ?? cellsWidth
    let height = settings.pixelHeight ?? cellsHeight
    guard width <= Self.largestSide, height <= Self.largestSide, width * height <= Self.mostPixels else {
      throw TapeImageError(
        "the picture would be \(width)x\(height) pixels, over \(Self.largestSide) a side or \(Self.mostPixels >> 20) "
          + "megapixels: a smaller FontSize, Padding, Width or Height, or fewer cells")
    }
    (self.width, self.height) = (width, height)
    (originX, originY) = (insets.left, insets.top)
    pixels = WindowFrame.blank(width: width, height: height, settings: settings)
  }

  /// Limits of a picture: a GIF's side is 16 bits, and a frame is kept in memory several times over.
  public static let largestSide = 16_384
  public static let mostPixels = 64 << 20

  /// The cells that fit `pixelWidth` × `pixelHeight` inside the margin, bar and padding, in this font: VHS's
  /// meaning of `Width` and `Height`, as its terminal is fitted to them.
  public static func cells(
    fittingWidth pixelWidth: Int, height pixelHeight: Int, settings: ImageSettings
  ) throws(TapeImageError) -> (columns: Int, rows: Int) {
    let cell = try cellSize(settings: settings)
    let insets = settings.insets
    return (
      max(1, (pixelWidth - insets.horizontal) / cell.width), max(1, (pixelHeight - insets.vertical) / cell.height)
    )
  }

  /// A cell's size in pixels in the settings' font.
  public static func cellSize(settings: ImageSettings) throws(TapeImageError) -> (width: Int, height: Int) {
    let glyphs = GlyphCache(
      fonts: try FontSet(family: settings.fontFamily, pixelSize: settings.fontSize), lineHeight: settings.lineHeight)
    return (glyphs.cellWidth, glyphs.cellHeight)
  }

  /// The pixels as RGBA bytes.
  public var rgba: [UInt8] {
    pixels.withUnsafeBytes { Array($0) }
  }

  /// Draws `screen`, redrawing only what differs from the last screen painted.
  public func paint(_ screen: Screen) {
    let sameSize = shown.map { $0.width == screen.width && $0.height == screen.height } ?? false
    dirtyRects.removeAll(keepingCapacity: true)
    if !sameSize, shown != nil {
      pixels = WindowFrame.blank(width: width, height: height, settings: settings)
      dirtyRects.append((0, 0, width, height))
    }
    let cover = pictureCover(of: screen)
    let old = sameSize ? shown : nil
    var pixels = self.pixels
    self.pixels = []  // one owner while drawing: no copy
    pixels.withUnsafeMutableBufferPointer { buffer in
      paintCells(screen, old: old, cover: cover, into: buffer)
    }
    self.pixels = pixels
    shown = screen
    shownCover = cover
    shownPictures = screen.pictures
  }

  private func paintCells(
    _ screen: Screen, old: Screen?, cover: [Int], into pixels: UnsafeMutableBufferPointer<UInt32>
  ) {
    for y in 0..<screen.height {
      var runStart = -1
      for x in 0..<screen.width {
        let index = y * screen.width + x
        var changed = old == nil || old!.cells[index] != screen.cells[index] || cover[index] != shownCover[index]
        if !changed, cover[index] >= 0, screen.pictures[cover[index]] != shownPictures[cover[index]] {
          changed = true
        }
        if changed {
          drawCell(screen, x: x, y: y, cover: cover[index], into: pixels)
          if runStart < 0 { runStart = x }
        } else if runStart >= 0 {
          markDirty(y: y, from: runStart, to: x)
          runStart = -1
        }
      }
      if runStart >= 0 { markDirty(y: y, from: runStart, to: screen.width) }
    }
  }

  private func markDirty(y: Int, from start: Int, to end: Int) {
    let left = originX + start * cellWidth
    let top = originY + y * cellHeight
    // A wide character at the run's end may ink one cell past it.
    let right = min(width, originX + (end + 1) * cellWidth)
    guard left < right, top + cellHeight <= height else { return }
    dirtyRects.append((left, top, right - left, cellHeight))
  }

  /// Which picture (index) is over each cell; later pictures win.
  private func pictureCover(of screen: Screen) -> [Int] {
    var cover = [Int](repeating: -1, count: screen.width * screen.height)
    for (index, picture) in screen.pictures.enumerated() {
      for y in max(0, picture.y)..<min(screen.height, picture.y + picture.shownRows) {
        for x in max(0, picture.x)..<min(screen.width, picture.x + picture.columns) {
          cover[y * screen.width + x] = index
        }
      }
    }
    return cover
  }

  private func drawCell(
    _ screen: Screen, x: Int, y: Int, cover: Int, into pixels: UnsafeMutableBufferPointer<UInt32>
  ) {
    let left = originX + x * cellWidth
    let top = originY + y * cellHeight
    guard left + cellWidth <= width, top + cellHeight <= height else { return }
    let cell = screen.cells[y * screen.width + x]
    // A picture's own cells show its pixels; text over it (a price) stays on top, as in a terminal.
    if cover >= 0, cell.isPicture {
      drawPicture(screen.pictures[cover], x: x, y: y, left: left, top: top, into: pixels)
      return
    }
    if cell.isContinuation, x > 0, screen.cells[y * screen.width + x - 1].width == 2 {
      // The wide character on the left draws both cells.
      drawCell(screen, x: x - 1, y: y, cover: -1, into: pixels)
      return
    }
    let theme = settings.theme
    let style = screen.colorEnabled ? cell.style : cell.style.withoutColor
    var foreground = theme.resolve(style.foreground, isForeground: true)
    var background = theme.resolve(style.background, isForeground: false)
    if style.attributes.contains(.reverse) { swap(&foreground, &background) }
    if style.attributes.contains(.dim) { foreground = foreground.blended(over: background, coverage: 150) }
    fill(left: left, top: top, width: cellWidth, height: cellHeight, color: background, into: pixels)
    if cell.isContinuation { return }
    let cells = min(Int(cell.width), max(1, (width - left) / cellWidth))
    guard
      let mask = glyphs.mask(cell.packedCharacter, cells: cells, bold: style.attributes.contains(.bold))
    else { return }
    if cells > 1 {
      // A wide character's right half has its own background on screen: the whole box takes this one's.
      fill(
        left: left + cellWidth, top: top, width: mask.width - cellWidth, height: cellHeight, color: background,
        into: pixels)
    }
    if let colors = mask.colors {
      drawColors(colors, mask: mask, left: left, top: top, background: background, into: pixels)
      return
    }
    mask.coverage.withUnsafeBufferPointer { coverage in
      for row in 0..<mask.height {
        let line = (top + row) * width + left
        for column in 0..<mask.width {
          let value = coverage[row * mask.width + column]
          if value != 0 {
            pixels[line + column] = foreground.blended(over: background, coverage: UInt32(value)).packed
          }
        }
      }
    }
  }

  /// A colour glyph's premultiplied pixels over the cell's background.
  private func drawColors(
    _ colors: [UInt32], mask: CellMask, left: Int, top: Int, background: PixelColor,
    into pixels: UnsafeMutableBufferPointer<UInt32>
  ) {
    for row in 0..<mask.height {
      let line = (top + row) * width + left
      for column in 0..<mask.width {
        let color = colors[row * mask.width + column]
        let alpha = color >> 24
        guard alpha != 0 else { continue }
        let rest = 255 - alpha
        func channel(_ shift: UInt32) -> UInt32 {
          let own = (color >> shift) & 0xFF
          let under = (background.packed >> shift) & 0xFF
          return min(255, own + (under * rest + 127) / 255)
        }
        pixels[line + column] = channel(0) | channel(8) << 8 | channel(16) << 16 | 0xFF00_0000
      }
    }
  }

  private func fill(
    left: Int, top: Int, width cellPixels: Int, height rows: Int, color: PixelColor,
    into pixels: UnsafeMutableBufferPointer<UInt32>
  ) {
    for row in 0..<rows {
      let start = (top + row) * width + left
      for column in 0..<cellPixels { pixels[start + column] = color.packed }
    }
  }

  /// The cell's share of the picture's own pixels (nearest pixel, scaled to this font's cells), over the
  /// background where the picture is not opaque.
  private func drawPicture(
    _ shown: ScreenPicture, x: Int, y: Int, left: Int, top: Int, into pixels: UnsafeMutableBufferPointer<UInt32>
  ) {
    let picture = shown.picture
    let boxWidth = max(1, shown.columns * cellWidth)
    let boxHeight = max(1, shown.rows * cellHeight)
    let column = x - shown.x
    let row = shown.firstRow + (y - shown.y)
    let background = settings.theme.background
    picture.pixels.withUnsafeBufferPointer { source in
      for py in 0..<cellHeight {
        let sourceY = min(picture.height - 1, (row * cellHeight + py) * picture.height / boxHeight)
        let line = (top + py) * width + left
        for px in 0..<cellWidth {
          let sourceX = min(picture.width - 1, (column * cellWidth + px) * picture.width / boxWidth)
          let offset = (sourceY * picture.width + sourceX) * 4
          let color = PixelColor(red: source[offset], green: source[offset + 1], blue: source[offset + 2])
          pixels[line + px] = color.blended(over: background, coverage: UInt32(source[offset + 3])).packed
        }
      }
    }
  }
}
