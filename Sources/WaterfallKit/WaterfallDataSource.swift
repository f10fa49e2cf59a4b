/// Supplies a ``WaterfallView`` with its items, as `UICollectionViewDataSource` does.
public protocol WaterfallDataSource: AnyObject {
  /// How many items there are.
  func numberOfItems(in waterfallView: WaterfallView) -> Int

  /// The height in rows of item `index` when its column is `columnWidth` cells wide. Heights below
  /// ``WaterfallLayout/minimumItemHeight`` are raised to it.
  func waterfallView(_ waterfallView: WaterfallView, heightForItemAt index: Int, columnWidth: Int) -> Int

  /// A cell for item `index`, usually from ``WaterfallView/dequeueReusableCell(withIdentifier:for:)``.
  /// Asked only when the item enters the buffered viewport and has no cell yet.
  func waterfallView(_ waterfallView: WaterfallView, cellForItemAt index: Int) -> WaterfallCell
}
