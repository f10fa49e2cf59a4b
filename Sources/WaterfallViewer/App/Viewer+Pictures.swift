import Pictures
import WaterfallKit

extension Viewer {
  /// The pictures part asks for what the boxes in view and the open detail want (``PictureBook/request``).
  func requestPictures() {
    guard var display = options.pictures else { return }
    if let cellPixels { display.cellPixels = cellPixels }
    let effects = pictures.request(
      in: waterfall, store: store, metrics: options.metrics, display: display, detail: detailPicture)
    for effect in effects { emit(effect) }
  }

  /// The open detail's picture: its item's layout index and size (``PictureArea/detail(of:store:screen:cellAspect:)``).
  var detailPicture: (index: Int, size: BoxSize)? {
    PictureArea.detail(
      of: state.panel.overlay, store: store, screen: state.screenSize, cellAspect: options.metrics.cellAspect)
  }
}
