import WaterfallViewer

/// An opaque colour as a tape's pictures store it: one `UInt32` whose bytes in memory are red, green, blue, alpha.
public struct PixelColor: Hashable, Sendable {
  public var packed: UInt32

  public init(red: UInt8, green: UInt8, blue: UInt8) {
    packed = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | 0xFF00_0000
  }

  init(packed: UInt32) { self.packed = packed }

  /// `#rrggbb` or `rrggbb`; `nil` for anything else.
  public init?(hex: String) {
    let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    self.init(red: UInt8(value >> 16), green: UInt8(truncatingIfNeeded: value >> 8), blue: UInt8(value & 0xFF))
  }

  public var red: UInt8 { UInt8(truncatingIfNeeded: packed) }
  public var green: UInt8 { UInt8(truncatingIfNeeded: packed >> 8) }
  public var blue: UInt8 { UInt8(truncatingIfNeeded: packed >> 16) }

  /// `self` over `other` by `coverage` of 255 (glyph ink over the cell's background).
  func blended(over other: PixelColor, coverage: UInt32) -> PixelColor {
    if coverage >= 255 { return self }
    if coverage == 0 { return other }
    let rest = 255 - coverage
    let red = (UInt32(self.red) * coverage + UInt32(other.red) * rest + 127) / 255
    let green = (UInt32(self.green) * coverage + UInt32(other.green) * rest + 127) / 255
    let blue = (UInt32(self.blue) * coverage + UInt32(other.blue) * rest + 127) / 255
    return PixelColor(packed: red | green << 8 | blue << 16 | 0xFF00_0000)
  }
}

/// The terminal's colours in a tape's pictures: VHS's default theme or a named one (`Set Theme "Dracula"`).
public struct TerminalTheme: Hashable, Sendable {
  public var name: String
  public var background: PixelColor
  public var foreground: PixelColor
  public var cursor: PixelColor
  /// The sixteen ANSI colours: black, red, green, yellow, blue, magenta, cyan, white, then their bright forms.
  public var ansi: [PixelColor]

  init(name: String, background: String, foreground: String, cursor: String? = nil, ansi: [String]) {
    self.name = name
    self.background = PixelColor(hex: background)!
    self.foreground = PixelColor(hex: foreground)!
    self.cursor = PixelColor(hex: cursor ?? foreground)!
    self.ansi = ansi.map { PixelColor(hex: $0)! }
  }

  /// VHS's own default theme (its `DefaultTheme`).
  public static let vhs = TerminalTheme(
    name: "VHS", background: "#171717", foreground: "#dddddd",
    ansi: [
      "#282a2e", "#D74E6F", "#31BB71", "#D3E561", "#8056FF", "#ED61D7", "#04D7D7", "#C5C8C6",
      "#4B4B4B", "#FE5F86", "#00D787", "#EBFF71", "#8F69FF", "#FF7AEA", "#00FEFE", "#FFFFFF",
    ])

  public static let named: [TerminalTheme] = [
    vhs,
    TerminalTheme(
      name: "Dracula", background: "#282a36", foreground: "#f8f8f2",
      ansi: [
        "#21222c", "#ff5555", "#50fa7b", "#f1fa8c", "#bd93f9", "#ff79c6", "#8be9fd", "#f8f8f2",
        "#6272a4", "#ff6e6e", "#69ff94", "#ffffa5", "#d6acff", "#ff92df", "#a4ffff", "#ffffff",
      ]),
    TerminalTheme(
      name: "Nord", background: "#2e3440", foreground: "#d8dee9",
      ansi: [
        "#3b4252", "#bf616a", "#a3be8c", "#ebcb8b", "#81a1c1", "#b48ead", "#88c0d0", "#e5e9f0",
        "#4c566a", "#bf616a", "#a3be8c", "#ebcb8b", "#81a1c1", "#b48ead", "#8fbcbb", "#eceff4",
      ]),
    TerminalTheme(
      name: "Catppuccin Mocha", background: "#1e1e2e", foreground: "#cdd6f4", cursor: "#f5e0dc",
      ansi: [
        "#45475a", "#f38ba8", "#a6e3a1", "#f9e2af", "#89b4fa", "#f5c2e7", "#94e2d5", "#bac2de",
        "#585b70", "#f38ba8", "#a6e3a1", "#f9e2af", "#89b4fa", "#f5c2e7", "#94e2d5", "#a6adc8",
      ]),
    TerminalTheme(
      name: "Solarized Light", background: "#fdf6e3", foreground: "#657b83", cursor: "#586e75",
      ansi: [
        "#073642", "#dc322f", "#859900", "#b58900", "#268bd2", "#d33682", "#2aa198", "#eee8d5",
        "#002b36", "#cb4b16", "#586e75", "#657b83", "#839496", "#6c71c4", "#93a1a1", "#fdf6e3",
      ]),
  ]

  /// A theme by name, ignoring case, spaces and dashes (`catppuccin-mocha`).
  public static func named(_ name: String) -> TerminalTheme? {
    let key = Self.key(name)
    return named.first { Self.key($0.name) == key }
  }

  private static func key(_ name: String) -> String {
    String(name.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  /// The colour `color` shows as: the theme's for the default and the sixteen, xterm's for the rest of the 256.
  public func resolve(_ color: TerminalColor, isForeground: Bool) -> PixelColor {
    switch color {
    case .standard: return isForeground ? foreground : background
    case .rgb(let red, let green, let blue): return PixelColor(red: red, green: green, blue: blue)
    case .palette(let index): return paletteColor(Int(index))
    default: return ansi[color.paletteIndex ?? 0]
    }
  }

  func paletteColor(_ index: Int) -> PixelColor {
    switch index {
    case 0..<16: return ansi[index]
    case 16..<232:
      let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
      let cube = index - 16
      return PixelColor(red: steps[cube / 36], green: steps[(cube / 6) % 6], blue: steps[cube % 6])
    default:
      let level = UInt8(8 + (index - 232) * 10)
      return PixelColor(red: level, green: level, blue: level)
    }
  }
}
