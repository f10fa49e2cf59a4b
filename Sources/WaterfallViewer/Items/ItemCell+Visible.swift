import WaterfallKit

extension ItemCell {
  /// Gives every cell in the buffered viewport its item's text for the current column width. In update, so that
  /// rendering only reads. Returns how many cells it bound: those that showed another item, another width, or a measured place since
  /// loaded.
  @discardableResult
  static func configureVisible(
    in waterfall: WaterfallView, store: ItemStore, metrics: BoxMetrics, ellipsis: String
  ) -> Int {
    let columnWidth = waterfall.layout.columnWidth
    var bound = 0
    for (index, cell) in waterfall.visibleCells {
      guard let itemCell = cell as? ItemCell, index < store.count else { continue }
      let isLoaded = store.items.isLoaded(index)
      guard itemCell.needsConfiguring(isLoaded: isLoaded, columnWidth: columnWidth) else { continue }
      itemCell.configure(
        with: store.items[index], isLoaded: isLoaded, display: store.displayItems[index], columnWidth: columnWidth,
        metrics: metrics, ellipsis: ellipsis)
      bound += 1
    }
    return bound
  }
}
