/// A key the viewer understands, whatever produced it (the terminal or a snapshot key script).
public enum Key: Hashable, Sendable {
  case character(Character)
  /// Ctrl and a letter, lower case: `.control("d")` is Ctrl-D.
  case control(Character)
  case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace
}
