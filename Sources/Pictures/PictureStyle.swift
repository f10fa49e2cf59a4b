/// Which characters draw a picture.
public enum PictureSymbols: String, CaseIterable, Hashable, Sendable {
  /// ▀ ▄: two pixels a cell, top and bottom; the default, every font has them.
  case half
  /// Quadrant blocks ▖ ▗ ▘ ▝ ▚ …: four pixels a cell.
  case quad
  /// Sextants 🬀 …: six pixels a cell; needs a font that has them.
  case sextant
  /// ASCII characters only.
  case ascii
}

/// How many colours a picture may use.
public enum PictureColourMode: String, CaseIterable, Hashable, Sendable {
  /// The xterm 256-colour palette.
  case palette256
  /// 24-bit colour.
  case direct
  /// No colour: the shapes of the symbols alone, in the box's own colours.
  case none
}

/// How a picture is drawn: which symbols, how many colours, and whether in real pixels too. The viewer's options
/// hold one for every box, and each ``PictureRenderKey`` holds the one its picture was drawn with.
public struct PictureStyle: Hashable, Sendable {
  public var symbols: PictureSymbols
  public var colours: PictureColourMode
  /// When set, the picture is drawn in real pixels too, at this cell size (``PictureGrid/pixels``), for a terminal
  /// that draws pixels; the symbols stay in the screen's cells.
  public var cellPixels: CellPixelSize?
  /// Whether those pixels come deflated as well (``PixelPicture/deflated``), on the drawing threads: only the kitty
  /// protocol sends them so.
  public var deflatesPixels: Bool

  public init(
    symbols: PictureSymbols = .half, colours: PictureColourMode = .palette256, cellPixels: CellPixelSize? = nil,
    deflatesPixels: Bool = false
  ) {
    self.symbols = symbols
    self.colours = colours
    self.cellPixels = cellPixels
    self.deflatesPixels = deflatesPixels
  }
}

/// The size of a picture's box in character cells.
public struct BoxSize: Hashable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) { (self.columns, self.rows) = (columns, rows) }

  public var description: String { "\(columns)×\(rows)" }

  /// Pixels that one cell stands for when a picture is scaled to the box: 8 wide, and `8 / cellAspect` tall
  /// (a cell is about twice as tall as wide: `cellAspect` 0.5, chafa's font ratio).
  public func pixelSize(cellAspect: Double = 0.5) -> (width: Int, height: Int) {
    let cellHeight = max(1, Int((8 / max(0.1, cellAspect)).rounded()))
    return (max(1, columns) * 8, max(1, rows) * cellHeight)
  }
}
