import Pictures
import WaterfallKit

extension Viewer {
  /// Asks for the pictures of the boxes in the buffered viewport (visible ones first) and of the open detail,
  /// at their current size, and cancels those of boxes that left it: after every update, like the layout pass.
  func requestPictures() {
    guard var display = options.pictures else { return }
    if let cellPixels { display.cellPixels = cellPixels }
    // By slot: the item's store index, its picture's size, and how urgent it is.
    var wanted: [PictureSlot: PictureBook.Want] = [:]
    // Sized once: this runs after every message, and growing it from empty was a fifth of its cost.
    wanted.reserveCapacity(waterfall.visibleCells.count + 1)
    let viewport = waterfall.viewportRect
    let columnWidth = waterfall.layout.columnWidth
    // A measured item not loaded yet has no picture address: its shaded placeholder stays until it comes.
    for index in waterfall.visibleCells.keys where index < store.count && store.items.isLoaded(index) {
      let rows = options.metrics.imageRows(
        aspectRatio: store.displayItems[index].aspectRatio, columnWidth: columnWidth)
      let size = BoxSize(columns: max(1, columnWidth - 2), rows: rows)
      let priority: PicturePriority = waterfall.layout.frame(of: index).intersects(viewport) ? .visible : .prefetch
      wanted[.box(index)] = PictureBook.Want(index: index, size: size, priority: priority)
    }
    if case .detail(let index) = state.panel.overlay, index < store.count, store.items.isLoaded(index),
      let size = detailPictureSize(index)
    {
      wanted[.detail(index)] = PictureBook.Want(index: index, size: size, priority: .visible)
    }
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

  /// The picture at the top of the detail panel of the item at layout index `index`: the whole picture at its own
  /// shape (fitted, never cropped), as wide as the panel's text when the rows allow, else narrower; the rows leave
  /// room for the panel's text.
  func detailPictureSize(_ index: Int) -> BoxSize? {
    let widest = min(state.screenSize.width - 2, 64) - 4
    // Room for the picture above the panel's few lines of text.
    let tallest = max(0, (state.screenSize.height - 7) / 2, state.screenSize.height - 14)
    let rowsPerColumn = store.displayItems[index].aspectRatio * options.metrics.cellAspect
    guard widest > 4, tallest > 0, rowsPerColumn.isFinite, rowsPerColumn > 0 else { return nil }
    var columns = widest
    var rows = Int((Double(columns) * rowsPerColumn).rounded())
    if rows > tallest {
      rows = tallest
      columns = max(1, min(widest, Int((Double(rows) / rowsPerColumn).rounded())))
    }
    return BoxSize(columns: columns, rows: max(1, rows))
  }
}
