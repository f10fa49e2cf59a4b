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
