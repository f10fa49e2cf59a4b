import ShopCatalog
import WaterfallKit

/// The cell the viewer shows an item with. While it shows one item it keeps that item's sanitised price and
/// title, wrapped for the current column width, so a frame only copies lines; going back to the pool drops them.
public final class ItemCell: WaterfallCell {
  public static let identifier = "item"

  public private(set) var titleLines: [String] = []
  public private(set) var price = ""
  private var configuredWidth = 0
  private var configuredItem: Int?
  /// Whether the text is the item's or a measured item's, not loaded yet (no text).
  private var configuredLoaded = false

  /// Whether ``configure(with:isLoaded:display:columnWidth:metrics:ellipsis:)`` has anything to do: asked first,
  /// so a cell that already shows its item costs no copy of the item (every update asks every visible cell).
  func needsConfiguring(isLoaded: Bool, columnWidth: Int) -> Bool {
    configuredItem != itemIndex || configuredWidth != columnWidth || configuredLoaded != isLoaded
  }

  /// Prepares the text of `item` for a box `columnWidth` wide, unless it already is.
  func configure(
    with item: ShopItem, isLoaded: Bool, display: DisplayItem, columnWidth: Int, metrics: BoxMetrics, ellipsis: String
  ) {
    guard needsConfiguring(isLoaded: isLoaded, columnWidth: columnWidth) else { return }
    configuredItem = itemIndex
    configuredLoaded = isLoaded
    configuredWidth = columnWidth
    // The price is drawn with a space each side inside the borders; one that does not fit is shortened with a
    // visible ellipsis, never cut silently (a cut price is a wrong price).
    price = TextLayout.clip(DisplayItem.safePrice(item), toWidth: max(1, columnWidth - 4), ellipsis: ellipsis)
    let lines = metrics.titleLines(titleWidth: display.titleWidth, columnWidth: columnWidth)
    titleLines = TextLayout.wrap(
      DisplayItem.safeTitle(item), toWidth: max(1, columnWidth - 2), maximumLines: lines, ellipsis: ellipsis)
  }

  override public func prepareForReuse() {
    titleLines = []
    price = ""
    configuredWidth = 0
    configuredItem = nil
    configuredLoaded = false
  }
}
