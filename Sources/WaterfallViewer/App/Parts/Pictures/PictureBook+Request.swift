import Pictures
import WaterfallKit

extension PictureBook {
  /// After every update, like the layout pass: the pictures of the boxes in the buffered viewport (visible ones
  /// first) and of the open detail (`detail`: its layout index and size) asked for at their current size, shown as
  /// `display` asks; those of boxes that left it cancelled.
  mutating func request(
    in waterfall: WaterfallView, store: ItemStore, metrics: BoxMetrics, display: PictureStyle,
    detail: (index: Int, size: BoxSize)?
  ) -> [Effect] {
    let wanted = Self.wants(in: waterfall, store: store, metrics: metrics, detail: detail)
    let items = store.items
    // The item is read only when its source is not known yet: reading it builds a whole ShopItem.
    return update(wanted: wanted, display: display) { index in
      let item = items[index]
      return (item.imageURL, item.sourceFile)
    }
  }
}
