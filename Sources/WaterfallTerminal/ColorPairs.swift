import CNcursesw
import WaterfallViewer

/// curses colour pairs for the styles on screen, made with `alloc_pair` as they are first needed. When they run
/// out, ``ranOut`` says so instead of letting curses recycle a pair that cells on screen still use (which would
/// show them in another picture's colours); the presenter then resets them and repaints.
final class ColorPairs {
  private struct Key: Hashable {
    var foreground: TerminalColor
    var background: TerminalColor
  }

  private var pairs: [Key: Int32] = [:]
  /// Whether 24-bit colours can be given to curses as they are (`xterm-direct` and friends).
  private let directColor = wf_colors() >= 1 << 24
  /// Pair 0 is the terminal's default; keep one spare.
  private let capacity = Int(wf_color_pairs()) - 2
  private(set) var ranOut = false

  func pair(for style: Style) -> Int32 {
    guard style.foreground != .standard || style.background != .standard else { return 0 }
    let key = Key(foreground: style.foreground, background: style.background)
    if let existing = pairs[key] { return existing }
    guard pairs.count < capacity else {
      ranOut = true
      return 0
    }
    let pair = alloc_pair(number(style.foreground), number(style.background))
    guard pair > 0 else {
      ranOut = true
      return 0
    }
    pairs[key] = pair
    return pair
  }

  func reset() {
    reset_color_pairs()
    pairs.removeAll()
    ranOut = false
  }

  /// The colour's number for curses: a palette index, or under direct colour the 24-bit value itself; 24-bit
  /// colour on a palette terminal goes to the nearest entry of the xterm 6×6×6 cube.
  private func number(_ color: TerminalColor) -> Int32 {
    if let index = color.paletteIndex { return Int32(index) }
    guard case .rgb(let red, let green, let blue) = color else { return -1 }
    if directColor { return Int32(red) << 16 | Int32(green) << 8 | Int32(blue) }
    let level = { (value: UInt8) in Int32((Int(value) * 5 + 127) / 255) }
    return 16 + 36 * level(red) + 6 * level(green) + level(blue)
  }
}
