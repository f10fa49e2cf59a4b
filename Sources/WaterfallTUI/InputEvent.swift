/// A key the front end understands, whatever produced it (curses or a snapshot key script).
public enum Key: Hashable, Sendable {
  case character(Character)
  /// Ctrl and a letter, lower case: `.control("d")` is Ctrl-D.
  case control(Character)
  case up, down, left, right, pageUp, pageDown, home, end, enter, escape, tab, backspace
}

/// A mouse event in screen coordinates (0-based column and row).
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case press
    case wheelUp
    case wheelDown
  }

  public var kind: Kind
  public var x: Int
  public var y: Int

  public init(kind: Kind, x: Int, y: Int) {
    self.kind = kind
    self.x = x
    self.y = y
  }
}

/// Everything that can happen to the app.
public enum InputEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  case resize(width: Int, height: Int)
}
