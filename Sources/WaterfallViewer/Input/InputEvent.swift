/// Everything a person can do to the viewer.
public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// Text pasted into the terminal (bracketed paste), already one line with no control characters: a prompt
  /// takes it as typed text; anywhere else it does nothing, since its Enters and letters are not commands.
  case paste(String)
  case resize(width: Int, height: Int)
  /// The terminal's picture was lost (the program was suspended and resumed): draw everything again.
  case repaint
  /// The terminal's cell size in pixels changed (a font change): pictures drawn in pixels are made again at it.
  case cellPixels(width: Int, height: Int)
}
