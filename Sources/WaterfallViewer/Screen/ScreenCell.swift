/// One cell of the in-memory screen.
public struct ScreenCell: Hashable, Sendable {
  /// What the cell shows: one grapheme cluster, or empty for the right half of a wide character.
  public var character: Character?
  /// Columns the character takes: 1 or 2 (0 for the right half of a wide character).
  public var width: UInt8
  public var style: Style
  /// Whether the cell is part of a picture drawn in symbols (a terminal that draws pixels may blank it).
  public var isPicture = false

  public static let blank = ScreenCell(character: " ", width: 1, style: .plain)

  /// Whether this cell is the right half of the wide character on its left.
  public var isContinuation: Bool { width == 0 }
}
