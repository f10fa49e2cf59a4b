/// Supplies a ``WaterfallView`` with its items, as `UICollectionViewDataSource` does.
///
/// Items have one global index through all sections: section 0's items come first, then section 1's, and so on.
/// A data source without sections implements only the three required methods and gets one section with a
/// zero-height header.
public protocol WaterfallDataSource: AnyObject {
  /// How many items there are. With sections, asked only through the default of
  /// ``waterfallView(_:numberOfItemsInSection:)``; a data source that implements that need not keep this exact.
  func numberOfItems(in waterfallView: WaterfallView) -> Int

  /// The height in rows of item `index` when its column is `columnWidth` cells wide. Heights below
  /// ``WaterfallLayout/minimumItemHeight`` are raised to it.
  func waterfallView(_ waterfallView: WaterfallView, heightForItemAt index: Int, columnWidth: Int) -> Int

  /// Appends the heights of `items` (what ``waterfallView(_:heightForItemAt:columnWidth:)`` answers for each) to
  /// `heights`. Default: that method per item; a data source laying out 10^6 items at once answers in one loop.
  func waterfallView(
    _ waterfallView: WaterfallView, heightsForItemsIn items: Range<Int>, columnWidth: Int, into heights: inout [Int])

  /// A cell for item `index`, usually from ``WaterfallView/dequeueReusableCell(withIdentifier:for:)``.
  /// Asked only when the item enters the buffered viewport and has no cell yet.
  func waterfallView(_ waterfallView: WaterfallView, cellForItemAt index: Int) -> WaterfallCell

  /// How many sections there are. Default: one. Fewer than one counts as one.
  func numberOfSections(in waterfallView: WaterfallView) -> Int

  /// How many items `section` holds. Default: ``numberOfItems(in:)`` (for the one section).
  func waterfallView(_ waterfallView: WaterfallView, numberOfItemsInSection section: Int) -> Int

  /// The height in rows of `section`'s full-width header; the app draws it. Default: zero (no header).
  func waterfallView(_ waterfallView: WaterfallView, heightForHeaderInSection section: Int) -> Int
}

extension WaterfallDataSource {
  public func waterfallView(
    _ waterfallView: WaterfallView, heightsForItemsIn items: Range<Int>, columnWidth: Int, into heights: inout [Int]
  ) {
    for index in items {
      heights.append(self.waterfallView(waterfallView, heightForItemAt: index, columnWidth: columnWidth))
    }
  }

  public func numberOfSections(in waterfallView: WaterfallView) -> Int { 1 }

  public func waterfallView(_ waterfallView: WaterfallView, numberOfItemsInSection section: Int) -> Int {
    numberOfItems(in: waterfallView)
  }

  public func waterfallView(_ waterfallView: WaterfallView, heightForHeaderInSection section: Int) -> Int { 0 }
}
