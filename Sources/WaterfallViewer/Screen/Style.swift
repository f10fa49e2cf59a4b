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
  /// Italic and underlined text come only from recordings (`waterfall render`); the viewer draws neither.
  public static let italic = TextAttributes(rawValue: 1 << 3)
  public static let underline = TextAttributes(rawValue: 1 << 4)
}

/// How a screen cell is drawn.
public struct Style: Hashable, Sendable, BitwiseCopyable {
  /// The colours as ``TerminalColor/packed`` integers: a frame compares every cell's style with the last
  /// frame's, and two integers compare at once where two enums with payloads take a switch each.
  private(set) var packedForeground: UInt32
  private(set) var packedBackground: UInt32
  public var attributes: TextAttributes

  public init(
    foreground: TerminalColor = .standard, background: TerminalColor = .standard, attributes: TextAttributes = []
  ) {
    packedForeground = foreground.packed
    packedBackground = background.packed
    self.attributes = attributes
  }

  public var foreground: TerminalColor {
    get { TerminalColor(packed: packedForeground) }
    set { packedForeground = newValue.packed }
  }

  public var background: TerminalColor {
    get { TerminalColor(packed: packedBackground) }
    set { packedBackground = newValue.packed }
  }

  public static let plain = Style()

  /// The same attributes with no colour, for `NO_COLOR` and `--no-color`.
  public var withoutColor: Style { Style(attributes: attributes) }
}

extension TerminalColor {
  /// One integer per colour, equal exactly when the colours are: the default 0, the basic colours 1-8, a palette
  /// entry `0x100_0000 | index`, 24-bit colour `0x200_0000 | red << 16 | green << 8 | blue`.
  var packed: UInt32 {
    switch self {
    case .standard: 0
    case .palette(let index): 0x100_0000 | UInt32(index)
    case .rgb(let red, let green, let blue): 0x200_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    default: UInt32(paletteIndex ?? 0) + 1
    }
  }

  init(packed: UInt32) {
    switch packed >> 24 {
    case 1: self = .palette(UInt8(truncatingIfNeeded: packed))
    case 2:
      self = .rgb(
        UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8),
        UInt8(truncatingIfNeeded: packed))
    default:
      switch packed {
      case 1: self = .black
      case 2: self = .red
      case 3: self = .green
      case 4: self = .yellow
      case 5: self = .blue
      case 6: self = .magenta
      case 7: self = .cyan
      case 8: self = .white
      default: self = .standard
      }
    }
  }
}
