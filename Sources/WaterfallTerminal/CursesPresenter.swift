import CNcursesw
import WaterfallViewer

/// Copies the in-memory screen to curses: only what ``ScreenDiff`` says changed since the last frame, wide
/// characters whole, colours through colour pairs made as needed.
public final class CursesPresenter: ScreenOutput {
  private var previous: Screen?
  private let colors: ColorPairs?
  /// The locale cannot encode anything but ASCII: other characters show as `?` (one a column) instead of vanishing.
  private let asciiOnly: Bool

  public init(colorAvailable: Bool, asciiOnly: Bool) {
    colors = colorAvailable ? ColorPairs() : nil
    self.asciiOnly = asciiOnly
  }

  public func invalidate() {
    previous = nil
    clearok(wf_stdscr(), true)
  }

  public func present(_ screen: Screen) {
    if previous?.width != screen.width || previous?.height != screen.height { werase(wf_stdscr()) }
    draw(ScreenDiff.changes(from: previous, to: screen))
    if let colors, colors.ranOut {
      // Every pair is taken (pictures in direct colour): start the pairs afresh and draw the whole frame with
      // them, so no cell keeps a pair that now means another colour.
      colors.reset()
      werase(wf_stdscr())
      draw(ScreenDiff.changes(from: nil, to: screen))
    }
    previous = screen
    wrefresh(wf_stdscr())
  }

  private func draw(_ changes: [ScreenChange]) {
    for change in changes where !change.cell.isContinuation || asciiOnly {
      let cell = change.cell
      var value = (cell.character ?? " ").unicodeScalars.first?.value ?? 0x20
      if asciiOnly, value > 0x7E || cell.isContinuation { value = UInt32(UInt8(ascii: "?")) }
      let pair = colors?.pair(for: cell.style) ?? 0
      _ = wf_put_char(
        Int32(change.y), Int32(change.x), wchar_t(bitPattern: value), attributes(cell.style), pair)
    }
  }

  private func attributes(_ style: Style) -> attr_t {
    var value = wf_a_normal()
    if style.attributes.contains(.bold) { value |= wf_a_bold() }
    if style.attributes.contains(.dim) { value |= wf_a_dim() }
    if style.attributes.contains(.reverse) { value |= wf_a_reverse() }
    return value
  }
}
