/// The one palette of a tape's GIF: the theme's colours, then xterm's 6×6×6 cube and greys, 255 entries (cgif
/// keeps the last index for transparency between frames). A pixel maps to the palette entry nearest the centre of
/// its 15-bit bucket, or to the palette colour in the bucket exactly, so the theme's and the palette's colours stay
/// exact. Fixed, so the same frames give the same bytes.
struct GIFPalette {
  static let size = 255
  private(set) var colors: [PixelColor] = []
  /// 32768 buckets (5 bits a channel): the entry, or 255 while not yet looked up.
  private var lookup = [UInt8](repeating: 255, count: 1 << 15)

  init(theme: TerminalTheme) {
    var seen = Set<UInt32>()
    func add(_ color: PixelColor) {
      if colors.count < Self.size, seen.insert(color.packed).inserted { colors.append(color) }
    }
    [theme.background, theme.foreground, theme.cursor].forEach(add)
    theme.ansi.forEach(add)
    for index in 16..<256 { add(theme.paletteColor(index)) }
    for (index, color) in colors.enumerated() where lookup[Self.bucket(color.packed)] == 255 {
      lookup[Self.bucket(color.packed)] = UInt8(index)
    }
  }

  /// RGB bytes, three per entry.
  var rgb: [UInt8] { colors.flatMap { [$0.red, $0.green, $0.blue] } }

  private static func bucket(_ packed: UInt32) -> Int {
    let red = (packed >> 3) & 0x1F
    let green = (packed >> 6) & 0x3E0
    let blue = (packed >> 9) & 0x7C00
    return Int(red | green | blue)
  }

  mutating func index(of packed: UInt32) -> UInt8 {
    let bucket = Self.bucket(packed)
    let known = lookup[bucket]
    if known != 255 { return known }
    let red = Int(bucket & 0x1F) << 3 | 4
    let green = Int((bucket >> 5) & 0x1F) << 3 | 4
    let blue = Int(bucket >> 10) << 3 | 4
    var best = 0
    var bestDistance = Int.max
    for (index, color) in colors.enumerated() {
      let dr = Int(color.red) - red
      let dg = Int(color.green) - green
      let db = Int(color.blue) - blue
      let distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db
      if distance < bestDistance { (best, bestDistance) = (index, distance) }
    }
    lookup[bucket] = UInt8(best)
    return UInt8(best)
  }
}
