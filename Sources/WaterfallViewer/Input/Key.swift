/// A key the viewer understands, whatever produced it (the terminal or a snapshot key script).
public enum Key: Hashable, Sendable {
  case character(Character)
  /// Ctrl and a letter, lower case: `.control("d")` is Ctrl-D.
  case control(Character)
  case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace, tab
}

extension Key {
  /// The key as a person writes it, and as key scripts and config files take it: `j`, `Ctrl-D`, `PageDown`.
  public var label: String {
    switch self {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .control(let letter): "Ctrl-" + letter.uppercased()
    case .up: "Up"
    case .down: "Down"
    case .left: "Left"
    case .right: "Right"
    case .pageUp: "PageUp"
    case .pageDown: "PageDown"
    case .home: "Home"
    case .end: "End"
    case .enter: "Enter"
    case .escape: "Escape"
    case .backspace: "Backspace"
    case .tab: "Tab"
    }
  }
}
