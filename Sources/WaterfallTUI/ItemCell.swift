import WaterfallKit

/// The cell the viewer shows an item with. It keeps the title wrapped for its current width, so a frame only
/// copies lines; going back to the pool drops them.
public final class ItemCell: WaterfallCell {
  public static let identifier = "item"

  public private(set) var titleLines: [String] = []
  public private(set) var configuredWidth = 0

  /// Wraps `item`'s title for a box `columnWidth` wide, unless it already is.
  func configure(with item: DisplayItem, columnWidth: Int, metrics: BoxMetrics, ellipsis: String) {
    guard configuredWidth != columnWidth || titleLines.isEmpty && item.titleWidth > 0 else { return }
    configuredWidth = columnWidth
    let lines = metrics.titleLines(titleWidth: item.titleWidth, columnWidth: columnWidth)
    titleLines = TextLayout.wrap(item.title, toWidth: max(1, columnWidth - 2), maximumLines: lines, ellipsis: ellipsis)
  }

  override public func prepareForReuse() {
    titleLines = []
    configuredWidth = 0
  }
}
