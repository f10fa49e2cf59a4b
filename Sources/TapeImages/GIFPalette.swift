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

  /// How far a pixel may be from its own colour, on any channel, when it continues the run on its left (see
  /// ``index(of:continuing:)``), and how much further than its nearest entry. Chosen by measurement: the benchmark's
  /// browse over the catalogue's photos goes from 1,140,529 to 966,493 bytes, and side by side the frames show no
  /// streaks (an error of 44 or a slack of 24 smears a price label's digits sideways).
  static let runError = 36
  static let runSlack = 16
  /// At most this many pixels in a row continue a run instead of taking their nearest entry: a band's edge that a
  /// photo's noise makes ragged becomes short steps, never a streak across the picture.
  static let longestContinuation = 6

  /// The entry for `packed`, or `neighbour` (the entry on its left) when that is within ``runError`` of `packed` on
  /// every channel and within ``runSlack`` of the nearest entry's own error, and `packed` is not a palette colour
  /// itself (text and the theme stay exact). A photo's noise between two palette colours otherwise makes a speckle
  /// that LZW codes badly (gifsicle's `--lossy` idea, the error bounded per pixel).
  mutating func index(of packed: UInt32, continuing neighbour: UInt8) -> UInt8 {
    let nearest = index(of: packed)
    let nearestColor = colors[Int(nearest)].packed
    guard nearest != neighbour, Int(neighbour) < colors.count, nearestColor != packed else { return nearest }
    let continued = Self.difference(packed, colors[Int(neighbour)].packed)
    guard continued <= Self.runError, continued - Self.difference(packed, nearestColor) <= Self.runSlack else {
      return nearest
    }
    return neighbour
  }

  /// The largest difference of one channel between two colours.
  static func difference(_ one: UInt32, _ other: UInt32) -> Int {
    var largest = 0
    for shift: UInt32 in [0, 8, 16] {
      largest = max(largest, abs(Int((one >> shift) & 0xFF) - Int((other >> shift) & 0xFF)))
    }
    return largest
  }
}
