/// Hears what happens in a ``WaterfallView`` and may shape its layout, as `UICollectionViewDelegate` does.
/// Every method has a default, so a delegate implements only what it needs.
public protocol WaterfallDelegate: AnyObject {
  /// The column count for a viewport `width` cells wide. Default: the view's ``WaterfallView/columnPolicy``.
  func waterfallView(_ waterfallView: WaterfallView, columnCountForWidth width: Int) -> Int
  /// The margins by type. Default: the view's ``WaterfallView/margins``.
  func margins(for waterfallView: WaterfallView) -> WaterfallMargins

  /// The user selected item `index` (by point or by index).
  func waterfallView(_ waterfallView: WaterfallView, didSelectItemAt index: Int)
  /// `cell` is about to show item `index`.
  func waterfallView(_ waterfallView: WaterfallView, willDisplay cell: WaterfallCell, forItemAt index: Int)
  /// `cell` stopped showing item `index` and went back to the pool.
  func waterfallView(_ waterfallView: WaterfallView, didEndDisplaying cell: WaterfallCell, forItemAt index: Int)
}

extension WaterfallDelegate {
  public func waterfallView(_ waterfallView: WaterfallView, columnCountForWidth width: Int) -> Int {
    waterfallView.columnPolicy.columnCount(forWidth: width, margins: margins(for: waterfallView))
  }
  public func margins(for waterfallView: WaterfallView) -> WaterfallMargins { waterfallView.margins }
  public func waterfallView(_ waterfallView: WaterfallView, didSelectItemAt index: Int) {}
  public func waterfallView(_ waterfallView: WaterfallView, willDisplay cell: WaterfallCell, forItemAt index: Int) {}
  public func waterfallView(
    _ waterfallView: WaterfallView, didEndDisplaying cell: WaterfallCell, forItemAt index: Int
  ) {}
}
