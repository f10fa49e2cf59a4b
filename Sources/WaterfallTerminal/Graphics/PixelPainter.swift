import Pictures
import WaterfallViewer

/// Draws a frame's pictures in real pixels beside curses, which draws the text. Each frame: `before` is written
/// before curses draws the frame's text (erasing what leaves), `after` once it has (drawing what came or
/// moved). Pure apart from its memory of what the terminal shows, so its byte stream is tested without one.
protocol PixelPainter: AnyObject {
  /// The parts of the screen's pictures this painter draws (the rest of their cells keep the symbols).
  func drawable(_ shown: [ScreenPicture], in screen: Screen) -> [ScreenPicture]
  /// `shown`: the pictures to draw; `screen`: the frame as the viewer made it (picture cells marked);
  /// `textChanges`: the cells curses writes this frame (into which, under a picture, it writes over pixels).
  func paint(_ shown: [ScreenPicture], screen: Screen, textChanges: [ScreenChange]) -> PaintBytes
  /// The terminal's screen was cleared (a resize, Ctrl-L): every picture is drawn again.
  func forgetTerminal()
  /// Leaving: what takes every picture off the terminal.
  func removeAll() -> [UInt8]
  /// The terminal changed under the pane (read again on a resize): inside tmux the pane's corner (`nil`: not
  /// known), and the cell size in pixels the pictures are now made at.
  func terminalChanged(tmuxPane: GraphicsSetup.TmuxPane?, cellPixels: CellPixelSize)
  /// New pictures go through `queue`, written between frames, instead of into the frame's bytes (a painter that
  /// cannot send a picture apart from its placement ignores it).
  func sendPictures(through queue: PictureQueue)
}

extension PixelPainter {
  func drawable(_ shown: [ScreenPicture], in screen: Screen) -> [ScreenPicture] { shown }
  func sendPictures(through queue: PictureQueue) {}
}

struct PaintBytes: Equatable {
  var before: [UInt8] = []
  var after: [UInt8] = []
}

/// Escape sequences the painters share.
enum TerminalEscapes {
  static let saveCursor: [UInt8] = [0x1B, UInt8(ascii: "7")]
  static let restoreCursor: [UInt8] = [0x1B, UInt8(ascii: "8")]
  static let beginSynchronized: [UInt8] = Array("\u{1B}[?2026h".utf8)
  static let endSynchronized: [UInt8] = Array("\u{1B}[?2026l".utf8)

  /// Moves the cursor to column `x`, row `y` (both from 0).
  static func cursor(x: Int, y: Int) -> [UInt8] { Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) }

  /// `sequence` wrapped for tmux to pass to the terminal outside it (`allow-passthrough`): each Esc doubled.
  static func tmuxPassthrough(_ sequence: [UInt8]) -> [UInt8] {
    var wrapped: [UInt8] = Array("\u{1B}Ptmux;".utf8)
    for byte in sequence {
      if byte == 0x1B { wrapped.append(0x1B) }
      wrapped.append(byte)
    }
    return wrapped + [0x1B, UInt8(ascii: "\\")]
  }
}
