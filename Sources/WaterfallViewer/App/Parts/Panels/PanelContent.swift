import Pictures
import ShopCatalog
import WaterfallKit

/// What the open panel says, before wrapping: its title and lines, from what the root passes it.
enum PanelContent {
  static func of(
    _ overlay: Overlay?, store: ItemStore, options: ViewerOptions, reuse: ReuseStatistics,
    lastFrameMicroseconds: Double?, metrics: SessionMetrics, pictureStatistics: PictureStatistics?,
    pictures: PictureBook, facets: FacetPanel?, filterPattern: String, width: Int
  ) -> (title: String, lines: [PanelLine]) {
    switch overlay {
    case nil: ("", [])
    case .help:
      (
        "Keys",
        KeyMap.helpEntries(glyphs: options.glyphs, customKeys: options.customKeys, picking: options.picking != nil).map
        {
          PanelLine(label: $0.keys, text: $0.help)
        }
      )
    case .statistics:
      (
        "Cell reuse",
        PanelLine.statistics(
          reuse, lastFrameMicroseconds: lastFrameMicroseconds, metrics: metrics, pictures: pictureStatistics)
      )
    case .facets:
      (
        "Facets",
        (facets ?? FacetPanel(query: CatalogueQuery())).layout(
          fields: options.facets, pattern: filterPattern, width: width, glyphs: options.glyphs
        ).lines
      )
    case .detail(let index):
      (
        store.number(at: index).map { "Item #\($0)" } ?? "Item",
        PanelLine.detail(
          index < store.count ? store.items[index] : nil, pictureFailure: pictures.failure(ofStoreItem: index),
          glyphs: options.glyphs)
      )
    }
  }
}
