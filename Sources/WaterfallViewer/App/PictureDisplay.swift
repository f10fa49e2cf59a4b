import Pictures

/// How the boxes show pictures: which symbols draw them and how many colours they may use.
public struct PictureDisplay: Hashable, Sendable {
  public var symbols: PictureSymbols
  public var colours: PictureColourMode
  /// When set, pictures come in real pixels too, at this cell size (for a terminal that draws pixels); the
  /// symbols stay in the screen's cells.
  public var cellPixels: CellPixelSize?
  /// Whether those pixels are deflated too, on the drawing threads (only the kitty protocol sends them so).
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
