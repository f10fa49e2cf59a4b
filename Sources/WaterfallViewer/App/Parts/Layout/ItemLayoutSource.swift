import WaterfallKit

/// What the engine lays out (its `WaterfallDataSource`): the store's items, in one section or, when the query shown
/// groups them, in its sections under a header row each; each box as tall as its picture and title need
/// (``BoxMetrics``). It keeps the store (``Viewer/store`` is it); the root says when the query has sections.
final class ItemLayoutSource: WaterfallDataSource {
  /// The loaded items (once measured, every rank's shape).
  var store = ItemStore()
  /// The query shown groups its items: the store's sections are the layout's.
  var hasSections: Bool
  let metrics: BoxMetrics

  init(metrics: BoxMetrics, hasSections: Bool) { (self.metrics, self.hasSections) = (metrics, hasSections) }

  func numberOfItems(in waterfallView: WaterfallView) -> Int { store.count }

  func numberOfSections(in waterfallView: WaterfallView) -> Int { hasSections ? max(1, store.sections.count) : 1 }

  func waterfallView(_ waterfallView: WaterfallView, numberOfItemsInSection section: Int) -> Int {
    guard hasSections else { return store.count }
    return section < store.sections.count ? store.sections[section].count : 0
  }

  func waterfallView(_ waterfallView: WaterfallView, heightForHeaderInSection section: Int) -> Int {
    hasSections ? 1 : 0
  }

  func waterfallView(_ waterfallView: WaterfallView, heightForItemAt index: Int, columnWidth: Int) -> Int {
    metrics.height(of: store.displayItems[index], columnWidth: columnWidth)
  }

  /// One loop over the display items, not a call per item: a measured result lays out 10^6 at once.
  func waterfallView(
    _ waterfallView: WaterfallView, heightsForItemsIn items: Range<Int>, columnWidth: Int, into heights: inout [Int]
  ) {
    let metrics = metrics
    store.displayItems[items].withUnsafeBufferPointer { display in
      for item in display { heights.append(metrics.height(of: item, columnWidth: columnWidth)) }
    }
  }

  func waterfallView(_ waterfallView: WaterfallView, cellForItemAt index: Int) -> WaterfallCell {
    waterfallView.dequeueReusableCell(withIdentifier: ItemCell.identifier, for: index)
  }
}
