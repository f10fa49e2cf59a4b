/// A line of text being typed in the status bar, and what it is for.
public struct Prompt: Hashable, Sendable {
  public enum Purpose: Hashable, Sendable {
    /// `:` then an item number.
    case goToItem
  }

  public var purpose: Purpose
  public var text = ""

  public init(purpose: Purpose, text: String = "") {
    self.purpose = purpose
    self.text = text
  }

  /// What the status bar shows before the text.
  public var label: String {
    switch purpose {
    case .goToItem: ":"
    }
  }
}
