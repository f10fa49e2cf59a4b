/// A colour of text or background: the terminal's own default, one of the eight basic colours, an entry of the
/// 256-colour palette, or 24-bit colour (pictures use the last two).
public enum TerminalColor: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
  case standard
  case black, red, green, yellow, blue, magenta, cyan, white
  case palette(UInt8)
  case rgb(UInt8, UInt8, UInt8)

  /// The colour's number as curses and SGR count the basic and palette colours: -1 for the default, 0-7 for the
  /// basic colours, 0-255 for the palette; `nil` for 24-bit colour.
  public var paletteIndex: Int? {
    switch self {
    case .standard: -1
    case .black: 0
    case .red: 1
    case .green: 2
    case .yellow: 3
    case .blue: 4
    case .magenta: 5
    case .cyan: 6
    case .white: 7
    case .palette(let index): Int(index)
    case .rgb: nil
    }
  }

  public var description: String {
    switch self {
    case .standard: "standard"
    case .black: "black"
    case .red: "red"
    case .green: "green"
    case .yellow: "yellow"
    case .blue: "blue"
    case .magenta: "magenta"
    case .cyan: "cyan"
    case .white: "white"
    case .palette(let index): "palette \(index)"
    case .rgb(let red, let green, let blue): "rgb \(red),\(green),\(blue)"
    }
  }
}

/// Text attributes.
public struct TextAttributes: OptionSet, Hashable, Sendable, BitwiseCopyable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let reverse = TextAttributes(rawValue: 1 << 2)
}

/// How a screen cell is drawn.
public struct Style: Hashable, Sendable, BitwiseCopyable {
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
