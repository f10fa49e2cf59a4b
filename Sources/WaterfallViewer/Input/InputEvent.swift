/// Everything a person can do to the viewer.
public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  case resize(width: Int, height: Int)
  /// The terminal's picture was lost (the program was suspended and resumed): draw everything again.
  case repaint
  /// The terminal's cell size in pixels changed (a font change): pictures drawn in pixels are made again at it.
  case cellPixels(width: Int, height: Int)
}
