import CNcursesw
import Glibc
import Pictures
import WaterfallViewer

/// Copies the in-memory screen to curses: only what ``ScreenDiff`` says changed since the last frame, wide
/// characters whole, colours through colour pairs made as needed.
public final class CursesPresenter: ScreenOutput {
  private var previous: Screen?
  private let colors: ColorPairs?
  /// The locale cannot encode anything but ASCII: other characters show as `?` (one a column) instead of vanishing.
  private let asciiOnly: Bool
  /// Draws the screen's pictures in real pixels; `nil`: pictures stay symbols.
  private let painter: PixelPainter?

  /// Inside tmux, OSC 52 goes both plain and wrapped for passthrough.
  private let insideTmux: Bool
  /// New pictures wait here and go between frames (``PictureQueue``); `nil`: they go with the frame.
  private let pictures: PictureQueue?

  /// `pictures`: the session's queue for pictures sent apart from the frames (``TerminalSession/pictures``).
  public init(
    colorAvailable: Bool, asciiOnly: Bool, insideTmux: Bool = false, graphics: GraphicsSetup? = nil,
    pictures: PictureQueue? = nil
  ) {
    self.insideTmux = insideTmux
    colors = colorAvailable ? ColorPairs() : nil
    self.asciiOnly = asciiOnly
    painter = graphics.flatMap { $0.graphics.adapter.painter(for: $0) }
    self.pictures = pictures
    if let pictures { painter?.sendPictures(through: pictures) }
  }

  /// `body` with the terminal to itself: no picture is written meanwhile.
  private func exclusively(_ body: () -> Void) {
    guard let pictures else { return body() }
    pictures.withTerminal(body)
  }

  /// The terminal changed under the pane (read again on a resize): see ``PixelPainter/terminalChanged``.
  public func terminalChanged(tmuxPane: GraphicsSetup.TmuxPane?, cellPixels: CellPixelSize) {
    painter?.terminalChanged(tmuxPane: tmuxPane, cellPixels: cellPixels)
  }

  public func copyToClipboard(_ text: String) {
    let bytes = ClipboardSequence.bytes(copying: text, insideTmux: insideTmux)
    exclusively { Self.write(Array(bytes.utf8)) }
  }

  public func invalidate() {
    previous = nil
    painter?.forgetTerminal()
    clearok(wf_stdscr(), true)
  }

  public func present(_ screen: Screen) {
    exclusively { drawFrame(screen) }
  }

  private func drawFrame(_ screen: Screen) {
    let shown = painter?.drawable(screen.pictures, in: screen) ?? []
    let text = shown.isEmpty ? screen : screen.blankingPictureCells(under: shown)
    if previous?.width != text.width || previous?.height != text.height {
      werase(wf_stdscr())
      painter?.forgetTerminal()
    }
    var changes = ScreenDiff.changes(from: previous, to: text)
    var paint = painter?.paint(shown, screen: screen, textChanges: changes) ?? PaintBytes()
    Self.write(paint.before)
    draw(changes)
    if let colors, colors.ranOut {
      // Every pair is taken (pictures in direct colour): start the pairs afresh and draw the whole frame with
      // them, so no cell keeps a pair that now means another colour.
      colors.reset()
      werase(wf_stdscr())
      changes = ScreenDiff.changes(from: nil, to: text)
      draw(changes)
      if let painter {
        painter.forgetTerminal()
        paint.after = painter.paint(shown, screen: screen, textChanges: changes).after
      }
    }
    previous = text
    // The cursor rests on the focus (hidden or not): screen readers and braille displays follow it.
    wmove(wf_stdscr(), Int32(screen.cursorRow), Int32(screen.cursorColumn))
    wrefresh(wf_stdscr())
    overdrawClustersCursesCannotHold()
    Self.write(paint.after)
    if !paint.after.isEmpty { Self.write(TerminalEscapes.cursor(x: screen.cursorColumn, y: screen.cursorRow)) }
  }

  /// Takes every picture drawn in pixels off the terminal (before the session restores it).
  public func removePictures() {
    // The picture being written ends first (no half command is left), those not begun are dropped.
    pictures?.finish()
    guard let painter else { return }
    Self.write(painter.removeAll())
  }

  private static func write(_ bytes: [UInt8]) { PictureQueue.writeToStandardOutput(bytes) }

  /// Clusters one curses cell cannot hold (a flag, an emoji ZWJ sequence, a Devanagari vowel sign: characters
  /// after the first that take space; or more than it has room for), clusters wider than their first character
  /// (❄️ where the terminal counts grapheme clusters) and clusters terminals place differently
  /// (``DisplayWidth/isDoubtful(_:)``), from the last changes.
  private var clustersCursesCannotHold: [ScreenChange] = []

  /// curses drew those clusters' first characters; the whole clusters go straight to the terminal over them, the
  /// cursor and attributes saved and restored around them, so curses' idea of the terminal still holds.
  private func overdrawClustersCursesCannotHold() {
    guard !clustersCursesCannotHold.isEmpty else { return }
    var output = TerminalEscapes.saveCursor
    for change in clustersCursesCannotHold {
      let style = colors == nil ? Style(attributes: change.cell.style.attributes) : change.cell.style
      output += TerminalEscapes.cursor(x: change.x, y: change.y)
      output += Array("\u{1B}[\(style.sgrParameters)m".utf8)
      let character = change.cell.character ?? " "
      output += Array(DisplayWidth.drawable(character, in: max(1, Int(change.cell.width))).utf8)
    }
    output += TerminalEscapes.restoreCursor
    clustersCursesCannotHold = []
    Self.write(output)
  }

  /// A cluster two columns wide whose first character is one (❄️, a presentation selector after a character
  /// drawn as text by default): curses counts the first character's column only.
  private static func isWiderThanItsFirst(_ character: Character) -> Bool {
    guard let first = character.unicodeScalars.first else { return false }
    return DisplayWidth.of(character) == 2 && DisplayWidth.of(first) < 2
  }

  private static func cursesCannotHold(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    return scalars.count > Int(wf_cell_characters_max()) || scalars.dropFirst().contains { DisplayWidth.of($0) > 0 }
  }

  private func draw(_ changes: [ScreenChange]) {
    for change in changes where !change.cell.isContinuation || asciiOnly {
      let cell = change.cell
      // The whole cluster: an accent, a jamo vowel or a Thai or Indic mark travels with its base character. An
      // ASCII cell is its byte, read without making a Character of the cell's bytes.
      var characters =
        cell.packedCharacter.asciiValue.map { [wchar_t($0)] }
        ?? (cell.character ?? " ").unicodeScalars.map { wchar_t(bitPattern: $0.value) }
      if asciiOnly, characters.count > 1 || characters[0] > 0x7E || cell.isContinuation {
        characters = [wchar_t(UInt8(ascii: "?"))]
      }
      var blanksNextColumn = false
      if characters.count > 1, let character = cell.character {
        let widerThanItsFirst = Self.isWiderThanItsFirst(character)
        // A doubtful cluster (🛍️: one column in xterm and tmux, two where the terminal draws the emoji) is written
        // whole after the frame, at its own place, so no terminal's idea of its width moves what follows it.
        if widerThanItsFirst || Self.cursesCannotHold(character) || DisplayWidth.isDoubtful(character) {
          // curses keeps the first character alone (a joiner left with it would join what curses draws next).
          characters = [characters[0]]
          clustersCursesCannotHold.append(change)
          // Terminals disagree on one or two columns for ❄️: a blank under the second, so a terminal that
          // draws one column shows no stale character after it, and one that draws two covers the blank.
          blanksNextColumn = widerThanItsFirst
        }
      }
      let pair = colors?.pair(for: cell.style) ?? 0
      _ = wf_put_cluster(
        Int32(change.y), Int32(change.x), characters, Int32(characters.count), attributes(cell.style), pair)
      if blanksNextColumn {
        _ = wf_put_cluster(Int32(change.y), Int32(change.x + 1), [wchar_t(0x20)], 1, attributes(cell.style), pair)
      }
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
