/// Everything a person can do to the viewer.
public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  case resize(width: Int, height: Int)
}
