import Pictures
import ShopCatalog
import WaterfallKit

/// What the open panel says, before wrapping: its title and lines, from what the root passes it, and the line the
/// facet panel's cursor is on.
enum PanelContent {
  static func of(
    _ overlay: Overlay?, store: ItemStore, options: ViewerOptions, reuse: ReuseStatistics,
    lastFrameMicroseconds: Double?, metrics: SessionMetrics, pictureStatistics: PictureStatistics?,
    pictures: PictureBook, facets: FacetPanel?, filterPattern: String, width: Int
  ) -> (title: String, lines: [PanelLine], cursorLine: Int?) {
    switch overlay {
    case nil: ("", [], nil)
    case .help:
      (
        "Keys",
        KeyMap.helpEntries(glyphs: options.glyphs, customKeys: options.customKeys, picking: options.picking != nil).map
        {
          PanelLine(label: $0.keys, text: $0.help)
        },
        nil
      )
    case .statistics:
      (
        "Cell reuse",
        PanelLine.statistics(
          reuse, lastFrameMicroseconds: lastFrameMicroseconds, metrics: metrics, pictures: pictureStatistics),
        nil
      )
    case .facets:
      {
        let layout = FacetPanel.layout(of: facets, options: options, pattern: filterPattern, width: width)
        let cursor = facets.flatMap { layout.choices.isEmpty ? nil : layout.choices[$0.cursor(among: layout.choices)] }
        return ("Facets", layout.lines, cursor?.line)
      }()
    case .detail(let index):
      (
        store.number(at: index).map { "Item #\($0)" } ?? "Item",
        PanelLine.detail(
          index < store.count ? store.items[index] : nil, pictureFailure: pictures.failure(ofStoreItem: index),
          glyphs: options.glyphs),
        nil
      )
    }
  }
}
