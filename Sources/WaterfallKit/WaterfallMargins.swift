/// Margins by type, in character columns and rows, as the originals' delegate methods give them.
public struct WaterfallMargins: Hashable, Sendable {
  /// Rows between the header (or the top of the content) and the first row of items.
  public var top: Int
  /// Rows between the footer (or the tallest column) and the end of the content.
  public var bottom: Int
  /// Columns left of the first column.
  public var left: Int
  /// Columns right of the last column.
  public var right: Int
  /// Columns between two neighbouring columns.
  public var columnGap: Int
  /// Rows between two items in the same column.
  public var rowGap: Int

  public init(top: Int = 1, bottom: Int = 1, left: Int = 1, right: Int = 1, columnGap: Int = 1, rowGap: Int = 1) {
    self.top = max(0, top)
    self.bottom = max(0, bottom)
    self.left = max(0, left)
    self.right = max(0, right)
    self.columnGap = max(0, columnGap)
    self.rowGap = max(0, rowGap)
  }

  /// No margins at all.
  public static let zero = WaterfallMargins(top: 0, bottom: 0, left: 0, right: 0, columnGap: 0, rowGap: 0)
}
