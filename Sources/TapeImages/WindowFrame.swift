/// What VHS draws around its terminal (`draw.go`): the margin in its fill, the window in the theme's background
/// with rounded corners, and the bar's three dots (`Colorful`) or rings (`Rings`), left or `…Right`.
enum WindowFrame {
  /// The picture with no cell drawn yet.
  static func blank(width: Int, height: Int, settings: ImageSettings) -> [UInt32] {
    let background = settings.theme.background
    let fill = settings.marginFill ?? background
    let margin = min(settings.margin, width / 2, height / 2)
    var pixels = [UInt32](repeating: fill.packed, count: width * height)
    let window = (left: margin, top: margin, width: width - 2 * margin, height: height - 2 * margin)
    let radius = min(settings.borderRadius, window.width / 2, window.height / 2)
    for y in window.top..<(window.top + window.height) {
      for x in window.left..<(window.left + window.width) {
        pixels[y * width + x] =
          background.blended(
            over: fill, coverage: corner(x - window.left, y - window.top, window.width, window.height, radius)
          ).packed
      }
    }
    guard !settings.windowBar.isEmpty, window.width > 0 else { return pixels }
    for dot in dots(settings, windowWidth: window.width) {
      let reach = dot.radius + 1
      for y in max(0, dot.y - reach)...(dot.y + reach) where y < window.height {
        for x in max(0, dot.x - reach)...(dot.x + reach) where x < window.width {
          let coverage = circle(x - dot.x, y - dot.y, radius: dot.radius)
          guard coverage > 0 else { continue }
          let index = (window.top + y) * width + window.left + x
          pixels[index] = dot.color.blended(over: PixelColor(packed: pixels[index]), coverage: coverage).packed
        }
      }
    }
    return pixels
  }

  /// VHS's antialiased disc: full inside `radius - 1` of the centre, fading over the next pixel.
  private static func circle(_ x: Int, _ y: Int, radius: Int) -> UInt32 {
    let dx = Double(x) + 0.5
    let dy = Double(y) + 0.5
    let distance = (dx * dx + dy * dy).squareRoot() - Double(radius - 1)
    if distance < 0 { return 255 }
    return distance <= 1 ? UInt32((1 - distance) * 255) : 0
  }

  /// How much of the window covers a pixel near one of its rounded corners.
  private static func corner(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ radius: Int) -> UInt32 {
    guard radius > 0 else { return 255 }
    let cornerX = x < radius ? radius : x >= width - radius ? width - radius - 1 : nil
    let cornerY = y < radius ? radius : y >= height - radius ? height - radius - 1 : nil
    guard let cornerX, let cornerY else { return 255 }
    return circle(x - cornerX, y - cornerY, radius: radius + 1)
  }

  private static func dots(
    _ settings: ImageSettings, windowWidth: Int
  ) -> [(x: Int, y: Int, radius: Int, color: PixelColor)] {
    let size = settings.windowBarSize
    let right = settings.windowBar.hasSuffix("Right")
    let rings = settings.windowBar.hasPrefix("Rings")
    let radius = rings ? size / 5 : size / 6
    let gap = (size - 2 * radius) / 2
    let space = 2 * radius + size / 6
    let colors =
      rings
      ? [PixelColor(red: 0x33, green: 0x33, blue: 0x33)]
      : [
        PixelColor(red: 0xFF, green: 0x4F, blue: 0x4D), PixelColor(red: 0xFE, green: 0xBB, blue: 0x00),
        PixelColor(red: 0x00, green: 0xCC, blue: 0x1D),
      ]
    var dots: [(x: Int, y: Int, radius: Int, color: PixelColor)] = []
    for index in 0..<3 {
      let offset = gap + radius + index * space
      let x = right ? windowWidth - offset : offset
      dots.append((x, radius + gap, radius, colors[rings ? 0 : index]))
      // A ring is a disc with the bar's colour inside.
      if rings { dots.append((x, radius + gap, 4 * radius / 5, settings.theme.background)) }
    }
    return dots
  }
}
