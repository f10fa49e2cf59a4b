/// One cell of the in-memory screen: plain data (no reference counting), since every frame of a tape or a
/// recording is copied, compared cell by cell and encoded.
public struct ScreenCell: Hashable, Sendable, BitwiseCopyable {
  /// What the cell shows: one grapheme cluster, or none for the right half of a wide character.
  public var packedCharacter: CellCharacter
  /// Columns the character takes: 1 or 2 (0 for the right half of a wide character).
  public var width: UInt8
  /// Whether the cell is part of a picture drawn in symbols (a terminal that draws pixels may blank it).
  public var isPicture = false
  public var style: Style

  public static let blank = ScreenCell(packedCharacter: .space, width: 1, style: .plain)

  public init(packedCharacter: CellCharacter, width: UInt8, style: Style) {
    (self.packedCharacter, self.width, self.style) = (packedCharacter, width, style)
  }

  public init(character: Character?, width: UInt8, style: Style) {
    self.init(packedCharacter: character.map(CellCharacter.init) ?? .none, width: width, style: style)
  }

  /// What the cell shows: one grapheme cluster, or `nil` for the right half of a wide character.
  public var character: Character? {
    get { packedCharacter.character }
    set { packedCharacter = newValue.map(CellCharacter.init) ?? .none }
  }

  /// Whether this cell is the right half of the wide character on its left.
  public var isContinuation: Bool { width == 0 }

  /// The synthesized rule, with the integer fields first: two picture cells that differ almost always differ in
  /// character or colour (recordings compare every cell of every frame).
  public static func == (lhs: ScreenCell, rhs: ScreenCell) -> Bool {
    lhs.packedCharacter == rhs.packedCharacter && lhs.width == rhs.width && lhs.isPicture == rhs.isPicture
      && lhs.style == rhs.style
  }
}
