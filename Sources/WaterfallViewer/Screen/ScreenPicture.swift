import Pictures

/// A picture a terminal may draw in real pixels over its cells (the cells carry the same picture in symbols, the
/// fallback). `firstRow` and `shownRows` say which of the picture's `rows` are on screen, from screen row `y`.
public struct ScreenPicture: Hashable, Sendable {
  /// Names the picture's place while it stays on screen (the item it belongs to).
  public var id: Int
  public var picture: PixelPicture
  public var x: Int
  public var y: Int
  public var columns: Int
  /// The whole picture's height in rows, and the part of it on screen.
  public var rows: Int
  public var firstRow: Int
  public var shownRows: Int

  public init(
    id: Int, picture: PixelPicture, x: Int, y: Int, columns: Int, rows: Int, firstRow: Int, shownRows: Int
  ) {
    (self.id, self.picture, self.x, self.y, self.columns) = (id, picture, x, y, columns)
    (self.rows, self.firstRow, self.shownRows) = (rows, firstRow, shownRows)
  }

  /// Whether screen cell `x`, `y` is under the shown part.
  public func covers(x: Int, y: Int) -> Bool {
    x >= self.x && x < self.x + columns && y >= self.y && y < self.y + shownRows
  }
}
