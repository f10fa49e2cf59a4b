import Pictures
import WaterfallKit

extension Viewer {
  /// The pictures part asks for what the boxes in view and the open detail want (``PictureBook/request``).
  func requestPictures() {
    guard var display = options.pictures else { return }
    if let cellPixels { display.cellPixels = cellPixels }
    var detail: (index: Int, size: BoxSize)?
    if case .detail(let index) = state.panel.overlay, index < store.count, let size = detailPictureSize(index) {
      detail = (index, size)
    }
    let effects = pictures.request(
      in: waterfall, store: store, metrics: options.metrics, display: display, detail: detail)
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
