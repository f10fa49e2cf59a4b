import CNcursesw
import WaterfallViewer

/// Copies the in-memory screen to curses: only what ``ScreenDiff`` says changed since the last frame, wide
/// characters whole, colours through lazily made colour pairs.
public final class CursesPresenter: ScreenOutput {
  private var previous: Screen?
  private var pairs: [Int: Int16] = [:]
  private let colorAvailable: Bool
  /// The locale cannot encode anything but ASCII: other characters show as `?` (one a column) instead of vanishing.
  private let asciiOnly: Bool

  public init(colorAvailable: Bool, asciiOnly: Bool) {
    self.colorAvailable = colorAvailable
    self.asciiOnly = asciiOnly
  }

  public func invalidate() {
    previous = nil
    clearok(wf_stdscr(), true)
  }

  public func present(_ screen: Screen) {
    let changes = ScreenDiff.changes(from: previous, to: screen)
    if previous?.width != screen.width || previous?.height != screen.height { werase(wf_stdscr()) }
    for change in changes where !change.cell.isContinuation || asciiOnly {
      draw(change.cell, x: change.x, y: change.y)
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
