/// A line of text being typed in the status bar, and what it is for.
public struct Prompt: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    /// `:` then an item number.
    case goToItem
    /// `/`: incremental search.
    case search
    /// `&`: show only the matching items.
    case filter
  }

  public var purpose: Purpose
  public var text = ""
  /// Where the view was when the prompt opened: Esc goes back there.
  var origin: (offset: Int, focus: Int?) = (0, nil)

  public init(purpose: Purpose, text: String = "") { (self.purpose, self.text) = (purpose, text) }

  public static func == (left: Prompt, right: Prompt) -> Bool {
    left.purpose == right.purpose && left.text == right.text
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(purpose)
    hasher.combine(text)
  }

  /// What the status bar shows before the text.
  public var label: String {
    switch purpose {
    case .goToItem: ":"
    case .search: "/"
    case .filter: "&"
    }
  }
}

extension Prompt.Purpose {
  /// The waterfall's actions that open a prompt: `:`, `/` and `&`.
  init?(_ action: Action) {
    switch action {
    case .goToItem: self = .goToItem
    case .search: self = .search
    case .filter: self = .filter
    default: return nil
    }
  }
}
