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
  /// DECRQM's answer for the grapheme cluster mode 2027 (DECRPM): 0 not recognised, 1 set, 2 reset, 3 permanently
  /// set, 4 permanently reset; `nil` when the terminal did not answer (tmux, xterm).
  public var graphemeClusterMode: Int?

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
  /// Whether the terminal counts grapheme clusters (mode 2027) or can be told to.
  public var graphemeClustersAvailable: Bool { [1, 2, 3].contains(graphemeClusterMode) }
  public var isComplete: Bool { deviceAttributes != nil }
}
