extension WaterfallLayout {
  /// The inputs that decide every frame.
  public struct Configuration: Hashable, Sendable {
    // Constants, so the clamp in init always holds.
    public let width: Int
    /// Between 1 and the number of one-cell columns that fit the width, at most
    /// ``WaterfallLayout/maximumColumnCount``: larger counts are clamped.
    public let columnCount: Int
    public let margins: WaterfallMargins
    public var headerHeight: Int
    public var footerHeight: Int
    /// Rows the empty or loading state takes in place of the columns when there are no items.
    public var placeholderHeight: Int

    public init(
      width: Int, columnCount: Int, margins: WaterfallMargins = WaterfallMargins(), headerHeight: Int = 0,
      footerHeight: Int = 0, placeholderHeight: Int = 0
    ) {
      self.width = max(0, width)
      // At most as many columns as fit one cell wide each, so any count (Int.max included) is safe to lay out.
      let fitting = (self.width - margins.left - margins.right + margins.columnGap) / (1 + margins.columnGap)
      self.columnCount = max(1, min(columnCount, fitting, WaterfallLayout.maximumColumnCount))
      self.margins = margins
      self.headerHeight = max(0, headerHeight)
      self.footerHeight = max(0, footerHeight)
      self.placeholderHeight = max(0, placeholderHeight)
    }
  }
}
