import CNcursesw
import Glibc
import WaterfallViewer

/// Copies the in-memory screen to curses: only what ``ScreenDiff`` says changed since the last frame, wide
/// characters whole, colours through colour pairs made as needed.
public final class CursesPresenter: ScreenOutput {
  private var previous: Screen?
  private let colors: ColorPairs?
  /// The locale cannot encode anything but ASCII: other characters show as `?` (one a column) instead of vanishing.
  private let asciiOnly: Bool

  /// Inside tmux, OSC 52 goes both plain and wrapped for passthrough.
  private let insideTmux: Bool

  public init(colorAvailable: Bool, asciiOnly: Bool, insideTmux: Bool = false) {
    self.insideTmux = insideTmux
    colors = colorAvailable ? ColorPairs() : nil
    self.asciiOnly = asciiOnly
  }

  public func copyToClipboard(_ text: String) {
    let bytes = ClipboardSequence.bytes(copying: text, insideTmux: insideTmux)
    _ = bytes.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
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
    overdrawClustersCursesCannotHold()
  }

  /// Clusters one curses cell cannot hold (a flag, an emoji ZWJ sequence, a Devanagari vowel sign: characters
  /// after the first that take space; or more than it has room for) from the last changes.
  private var clustersCursesCannotHold: [ScreenChange] = []

  /// curses drew those clusters' first characters; the whole clusters go straight to the terminal over them, the
  /// cursor and attributes saved and restored around them, so curses' idea of the terminal still holds.
  private func overdrawClustersCursesCannotHold() {
    guard !clustersCursesCannotHold.isEmpty else { return }
    var output = "\u{1B}7"
    for change in clustersCursesCannotHold {
      let style = colors == nil ? Style(attributes: change.cell.style.attributes) : change.cell.style
      output += "\u{1B}[\(change.y + 1);\(change.x + 1)H\u{1B}[\(style.sgrParameters)m"
      output.append(change.cell.character ?? " ")
    }
    output += "\u{1B}8"
    clustersCursesCannotHold = []
    _ = output.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
  }

  private static func cursesCannotHold(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    return scalars.count > Int(wf_cell_characters_max()) || scalars.dropFirst().contains { DisplayWidth.of($0) > 0 }
  }

  private func draw(_ changes: [ScreenChange]) {
    for change in changes where !change.cell.isContinuation || asciiOnly {
      let cell = change.cell
      // The whole cluster: an accent, a jamo vowel or a Thai or Indic mark travels with its base character.
      var characters = (cell.character ?? " ").unicodeScalars.map { wchar_t(bitPattern: $0.value) }
      if asciiOnly, characters.count > 1 || characters[0] > 0x7E || cell.isContinuation {
        characters = [wchar_t(UInt8(ascii: "?"))]
      }
      if characters.count > 1, let character = cell.character, Self.cursesCannotHold(character) {
        // curses keeps the first character alone (a joiner left with it would join what curses draws next).
        characters = [characters[0]]
        clustersCursesCannotHold.append(change)
      }
      let pair = colors?.pair(for: cell.style) ?? 0
      _ = wf_put_cluster(
        Int32(change.y), Int32(change.x), characters, Int32(characters.count), attributes(cell.style), pair)
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
