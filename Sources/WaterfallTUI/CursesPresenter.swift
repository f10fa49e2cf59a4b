import CNcursesw

/// Copies the in-memory screen to curses: only the cells that changed since the last frame, wide characters
/// whole, colours through lazily made colour pairs.
public final class CursesPresenter {
  private var previous: Screen?
  private var pairs: [Int: Int16] = [:]
  private let colorAvailable: Bool
  /// The locale cannot encode anything but ASCII: other characters show as `?` (one a column) instead of vanishing.
  private let asciiOnly: Bool

  public init(colorAvailable: Bool, asciiOnly: Bool) {
    self.colorAvailable = colorAvailable
    self.asciiOnly = asciiOnly
  }

  /// Forgets what is on the terminal, so the next frame is drawn whole (after a resize).
  public func invalidate() {
    previous = nil
    clearok(wf_stdscr(), true)
  }

  public func present(_ screen: Screen) {
    let old = previous.flatMap { $0.width == screen.width && $0.height == screen.height ? $0 : nil }
    if old == nil { werase(wf_stdscr()) }
    for y in 0..<screen.height {
      for x in 0..<screen.width {
        let cell = screen[x, y]
        if cell.isContinuation && !asciiOnly { continue }
        // The screen keeps wide characters whole (writing over either half blanks the other), so an unchanged
        // left half means an unchanged right half.
        if let old, old[x, y] == cell { continue }
        draw(cell, x: x, y: y)
      }
    }
    previous = screen
    wrefresh(wf_stdscr())
  }

  private func draw(_ cell: ScreenCell, x: Int, y: Int) {
    var value = (cell.character ?? " ").unicodeScalars.first?.value ?? 0x20
    if asciiOnly, value > 0x7E || cell.isContinuation { value = UInt32(UInt8(ascii: "?")) }
    let character = wchar_t(bitPattern: value)
    _ = wf_put_char(Int32(y), Int32(x), character, attributes(cell.style), pair(for: cell.style))
  }

  private func attributes(_ style: Style) -> attr_t {
    var value = wf_a_normal()
    if style.attributes.contains(.bold) { value |= wf_a_bold() }
    if style.attributes.contains(.dim) { value |= wf_a_dim() }
    if style.attributes.contains(.reverse) { value |= wf_a_reverse() }
    if style.attributes.contains(.underline) { value |= wf_a_underline() }
    return value
  }

  private func pair(for style: Style) -> Int16 {
    guard colorAvailable, style.foreground != .standard || style.background != .standard else { return 0 }
    let key = (style.foreground.rawValue + 1) * 16 + style.background.rawValue + 1
    if let existing = pairs[key] { return existing }
    let next = Int16(pairs.count + 1)
    guard Int32(next) < wf_color_pairs() else { return 0 }
    init_pair(next, Int16(style.foreground.rawValue), Int16(style.background.rawValue))
    pairs[key] = next
    return next
  }
}
