import WaterfallKit

extension ItemCell {
  /// Gives every cell in the buffered viewport its item's text for the current column width. In update, so that
  /// rendering only reads.
  static func configureVisible(in waterfall: WaterfallView, store: ItemStore, metrics: BoxMetrics, ellipsis: String) {
    let columnWidth = waterfall.layout.columnWidth
    for (index, cell) in waterfall.visibleCells {
      guard let itemCell = cell as? ItemCell, index < store.count else { continue }
      let isLoaded = store.items.isLoaded(index)
      guard itemCell.needsConfiguring(isLoaded: isLoaded, columnWidth: columnWidth) else { continue }
      itemCell.configure(
        with: store.items[index], isLoaded: isLoaded, display: store.displayItems[index], columnWidth: columnWidth,
        metrics: metrics, ellipsis: ellipsis)
    }
  }
}
