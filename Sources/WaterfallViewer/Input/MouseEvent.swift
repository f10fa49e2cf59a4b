/// A mouse event in screen coordinates (0-based column and row).
public struct MouseEvent: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case press, wheelUp, wheelDown
  }

  public var kind: Kind
  /// Column and row.
  public var x, y: Int

  public init(kind: Kind, x: Int, y: Int) { (self.kind, self.x, self.y) = (kind, x, y) }
}
