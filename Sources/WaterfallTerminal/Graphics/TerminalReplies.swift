import Pictures

/// What a terminal said about itself in answer to the start-up queries (``GraphicsQueries``).
public struct TerminalReplies: Hashable, Sendable {
  /// The kitty graphics query's answer: `true` for OK, `false` for an error, `nil` when it never came.
  public var kittyGraphics: Bool?
  /// XTVERSION's name and version (printable ASCII only, at most 120 characters).
  public var version: String?
  /// `CSI 16 t`'s answer: a cell's size in pixels.
  public var cellPixels: CellPixelSize?
  /// DA1's attributes; 4 is sixel. DA1 is asked last, so once it is in, every answer is.
  public var deviceAttributes: [Int]?

  public init(
    kittyGraphics: Bool? = nil, version: String? = nil, cellPixels: CellPixelSize? = nil,
    deviceAttributes: [Int]? = nil
  ) {
    self.kittyGraphics = kittyGraphics
    self.version = version
    self.cellPixels = cellPixels
    self.deviceAttributes = deviceAttributes
  }

  public var sixel: Bool { deviceAttributes?.contains(4) ?? false }
  public var isComplete: Bool { deviceAttributes != nil }
}
