import Pictures
import WaterfallKit

extension Viewer {
  /// Asks for the pictures of the boxes in the buffered viewport (visible ones first) and of the open detail,
  /// at their current size, and cancels those of boxes that left it: after every update, like the layout pass.
  func requestPictures() {
    guard var display = options.pictures else { return }
    if let cellPixels { display.cellPixels = cellPixels }
    var detail: (index: Int, size: BoxSize)?
    if case .detail(let index) = state.panel.overlay, index < store.count, let size = detailPictureSize(index) {
      detail = (index, size)
    }
    let wanted = PictureBook.wants(in: waterfall, store: store, metrics: options.metrics, detail: detail)
    let items = store.items
    // The item is read only when its source is not known yet: reading it builds a whole ShopItem.
    let effects = pictures.update(wanted: wanted, display: display) { index in
      let item = items[index]
      return (item.imageURL, item.sourceFile)
    }
    for effect in effects { emit(effect) }
  }

  /// A picture came back: kept if its item still wants exactly it.
  func receive(_ result: PictureResult) {
    _ = pictures.take(result)
  }

  /// The detail panel's picture size for the item at layout index `index` (``PictureArea/detailSize``).
  func detailPictureSize(_ index: Int) -> BoxSize? {
    PictureArea.detailSize(
      screen: state.screenSize, aspectRatio: store.displayItems[index].aspectRatio,
      cellAspect: options.metrics.cellAspect)
  }
}
