/// The eight basic terminal colours, plus the terminal's own default.
public enum TerminalColor: Int, Hashable, Sendable, CaseIterable {
  case standard = -1
  case black = 0
  case red, green, yellow, blue, magenta, cyan, white
}

/// Text attributes.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let reverse = TextAttributes(rawValue: 1 << 2)
}

/// How a screen cell is drawn.
public struct Style: Hashable, Sendable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: TextAttributes

  public init(
    foreground: TerminalColor = .standard, background: TerminalColor = .standard, attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = Style()

  /// The same attributes with no colour, for `NO_COLOR` and `--no-color`.
  public var withoutColor: Style { Style(attributes: attributes) }
}
