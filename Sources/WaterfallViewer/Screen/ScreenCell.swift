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

  /// The synthesized rule, with the cheap fields first: two picture cells that differ almost always differ in
  /// colour, and comparing two different non-ASCII characters is a slow string comparison (recordings compare
  /// every cell of every frame).
  public static func == (lhs: ScreenCell, rhs: ScreenCell) -> Bool {
    lhs.style == rhs.style && lhs.width == rhs.width && lhs.isPicture == rhs.isPicture
      && lhs.character == rhs.character
  }
}
