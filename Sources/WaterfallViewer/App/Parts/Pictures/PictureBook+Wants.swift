import Pictures
import WaterfallKit

extension PictureBook {
  /// What the boxes in the buffered viewport want (visible ones first, the rest as prefetch), each at its box's
  /// picture size, and the open detail's picture (`detail`, its layout index and size). A measured item not loaded
  /// yet has no picture address: its shaded placeholder stays until it comes.
  static func wants(
    in waterfall: WaterfallView, store: ItemStore, metrics: BoxMetrics, detail: (index: Int, size: BoxSize)?
  ) -> [PictureSlot: Want] {
    var wanted: [PictureSlot: Want] = [:]
    // Sized once: this runs after every message, and growing it from empty was a fifth of its cost.
    wanted.reserveCapacity(waterfall.visibleCells.count + 1)
    let viewport = waterfall.viewportRect
    let columnWidth = waterfall.layout.columnWidth
    for index in waterfall.visibleCells.keys where index < store.count && store.items.isLoaded(index) {
      let rows = metrics.imageRows(aspectRatio: store.displayItems[index].aspectRatio, columnWidth: columnWidth)
      let size = BoxSize(columns: max(1, columnWidth - 2), rows: rows)
      let priority: PicturePriority = waterfall.layout.frame(of: index).intersects(viewport) ? .visible : .prefetch
      wanted[.box(index)] = Want(index: index, size: size, priority: priority)
    }
    if let detail, detail.index < store.count, store.items.isLoaded(detail.index) {
      wanted[.detail(detail.index)] = Want(index: detail.index, size: detail.size, priority: .visible)
    }
    return wanted
  }
}

extension PictureArea {
  /// The open detail panel's picture: its item's layout index and its size, for `overlay` over `store` on a screen
  /// `screen` big (``detailSize(screen:aspectRatio:cellAspect:)``); nil when no detail is open or there is no room.
  static func detail(
    of overlay: Overlay?, store: ItemStore, screen: GridSize, cellAspect: Double
  ) -> (index: Int, size: BoxSize)? {
    guard case .detail(let index) = overlay, index < store.count else { return nil }
    let aspectRatio = store.displayItems[index].aspectRatio
    return detailSize(screen: screen, aspectRatio: aspectRatio, cellAspect: cellAspect).map { (index, $0) }
  }

  /// The picture at the top of the detail panel on a screen `screen` big, of an item `aspectRatio` high per unit
  /// of width: the whole picture at its own shape (fitted, never cropped), as wide as the panel's text when the
  /// rows allow, else narrower; the rows leave room for the panel's text. `nil` when there is no room.
  static func detailSize(screen: GridSize, aspectRatio: Double, cellAspect: Double) -> BoxSize? {
    let widest = min(screen.width - 2, 64) - 4
    // Room for the picture above the panel's few lines of text.
    let tallest = max(0, (screen.height - 7) / 2, screen.height - 14)
    let rowsPerColumn = aspectRatio * cellAspect
    guard widest > 4, tallest > 0, rowsPerColumn.isFinite, rowsPerColumn > 0 else { return nil }
    var columns = widest
    // Bounded while still Doubles: a ratio far outside any picture's must not overflow the conversion.
    var rows = Int(min(Double(tallest + 1), (Double(columns) * rowsPerColumn).rounded()))
    if rows > tallest {
      rows = tallest
      columns = max(1, Int(min(Double(widest), (Double(rows) / rowsPerColumn).rounded())))
    }
    return BoxSize(columns: columns, rows: max(1, rows))
  }
}
