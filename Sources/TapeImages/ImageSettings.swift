/// How a tape's pictures are drawn: VHS's settings (`FontSize`, `FontFamily`, `Padding`, `Theme`, `Framerate`,
/// `PlaybackSpeed`, `LoopOffset`, `Width`/`Height` in pixels, and its window: `Margin`, `MarginFill`,
/// `WindowBar`, `WindowBarSize`, `BorderRadius`), with VHS's defaults.
public struct ImageSettings: Hashable, Sendable {
  /// The font's size in pixels (VHS: CSS pixels).
  public var fontSize = 22
  public var fontFamily = "DejaVu Sans Mono"
  public var lineHeight = 1.0
  /// Pixels of background around the cells.
  public var padding = 60
  public var theme = TerminalTheme.vhs
  /// Frames per second of an animation: changes closer together than a frame show as the last of them.
  public var framerate = 50
  public var playbackSpeed = 1.0
  /// Where the animation starts: a frame number, or a share of the frames (`percent`).
  public var loopOffset = 0.0
  public var loopOffsetIsPercent = false
  /// Pixels around the window, in `marginFill` (the theme's background when `nil`).
  public var margin = 0
  public var marginFill: PixelColor?
  /// VHS's bar over the window: `Colorful`, `ColorfulRight`, `Rings`, `RingsRight`, or none when empty.
  public var windowBar = ""
  public var windowBarSize = 30
  /// The window's rounded corners' radius in pixels.
  public var borderRadius = 0
  /// The picture's size in pixels (VHS's `Width`/`Height`); `nil`: the cells' own size plus padding and window.
  public var pixelWidth: Int?
  public var pixelHeight: Int?

  /// A `Theme` name this does not know (VHS knows hundreds): drawn in the default theme, and said so.
  public var unknownTheme: String?
  /// A `MarginFill` that is a picture's path (VHS tiles it): drawn in the theme's background, and said so.
  public var undrawnMarginFill: String?

  public init() {}

  /// Applies `Set NAME VALUE`; a message naming what is wrong with the value, else `nil`. Settings this does not
  /// know are left alone (`nil`).
  public mutating func apply(_ name: String, _ value: String) -> String? {
    func number() -> Double? { Double(value.filter { $0.isNumber || $0 == "." }) }
    switch name {
    case "FontSize":
      guard let size = number(), size >= 4, size <= 200 else { return "FontSize expects 4 to 200 pixels" }
      fontSize = Int(size.rounded())
    case "FontFamily":
      guard !value.isEmpty, !value.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
        return "FontFamily expects a family name"
      }
      fontFamily = value
    case "LineHeight":
      guard let height = number(), height >= 0.5, height <= 3 else { return "LineHeight expects 0.5 to 3" }
      lineHeight = height
    case "Padding":
      guard let pixels = number(), pixels <= 1000 else { return "Padding expects 0 to 1000 pixels" }
      padding = Int(pixels)
    case "Theme":
      if value.hasPrefix("{") {
        guard let custom = TerminalTheme.fromJSON(value) else {
          return "Theme expects a name or a JSON object of \"#rrggbb\" colours"
        }
        theme = custom
      } else if let named = TerminalTheme.named(value) {
        theme = named
      } else {
        unknownTheme = value
      }
    case "Framerate":
      guard let rate = number(), rate >= 1, rate <= 100 else { return "Framerate expects 1 to 100" }
      framerate = Int(rate)
    case "PlaybackSpeed":
      guard let speed = number(), speed >= 0.01, speed <= 100 else { return "PlaybackSpeed expects 0.01 to 100" }
      playbackSpeed = speed
    case "LoopOffset":
      guard let offset = number(), offset <= 1_000_000 else { return "LoopOffset expects a percentage" }
      loopOffset = offset
      loopOffsetIsPercent = value.hasSuffix("%")
    case "CursorBlink":
      break
    case "Margin":
      guard let pixels = number(), pixels <= 1000 else { return "Margin expects 0 to 1000 pixels" }
      margin = Int(pixels)
    case "MarginFill":
      if let color = PixelColor(hex: value), value.hasPrefix("#") {
        marginFill = color
      } else {
        undrawnMarginFill = value
      }
    case "WindowBar":
      windowBar = value
    case "WindowBarSize":
      guard let pixels = number(), pixels >= 1, pixels <= 500 else { return "WindowBarSize expects 1 to 500 pixels" }
      windowBarSize = Int(pixels)
    case "BorderRadius":
      guard let pixels = number(), pixels <= 1000 else { return "BorderRadius expects 0 to 1000 pixels" }
      borderRadius = Int(pixels)
    default:
      break
    }
    return nil
  }

  /// Pixels between the picture's edges and the cells: margin, window bar and padding, as VHS lays them out (the
  /// cells start at the top left; what is left over of a given size lies right and below).
  public var insets: (left: Int, top: Int, horizontal: Int, vertical: Int) {
    let bar = windowBar.isEmpty ? 0 : windowBarSize
    return (margin + padding, margin + bar + padding, 2 * (margin + padding), 2 * (margin + padding) + bar)
  }
}
