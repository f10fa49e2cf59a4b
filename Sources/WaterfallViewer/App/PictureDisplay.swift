import Pictures

/// How the boxes show pictures: which symbols draw them and how many colours they may use.
public struct PictureDisplay: Hashable, Sendable {
  public var symbols: PictureSymbols
  public var colours: PictureColourMode

  public init(symbols: PictureSymbols = .half, colours: PictureColourMode = .palette256) {
    self.symbols = symbols
    self.colours = colours
  }
}
