import Pictures
import ShopCatalog
import WaterfallKit

/// The panel over the waterfall: its lines from the viewer's state, laid out and drawn by ``OverlayPanel``.
extension Viewer {
  /// The open overlay's title and lines, before wrapping.
  private var overlayContent: (title: String, lines: [PanelLine]) {
    switch state.panel.overlay {
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
          waterfall.statistics, lastFrameMicroseconds: lastFrameMicroseconds, pictures: pictureStatistics)
      )
    case .detail(let index):
      (
        index < store.count ? "Item #\(store.ids[index].number)" : "Item",
        PanelLine.detail(
          index < store.count ? store.items[index] : nil, pictureFailure: pictures.failure(ofStoreItem: index),
          glyphs: options.glyphs)
      )
    }
  }

  var overlayPanel: OverlayPanel {
    guard state.panel.overlay != nil else { return OverlayPanel() }
    let (title, lines) = overlayContent
    var picture: BoxSize?
    if options.pictures != nil, case .detail(let index) = state.panel.overlay, index < store.count {
      picture = detailPictureSize(index)
    }
    return OverlayPanel(title: title, lines: lines, screenSize: state.screenSize, picture: picture)
  }

  func renderOverlay(into screen: inout Screen) {
    guard state.panel.overlay != nil else { return }
    let panel = overlayPanel
    panel.draw(scroll: state.panel.scroll, glyphs: options.glyphs, into: &screen) { row, x, y, screen in
      guard case .detail(let index) = state.panel.overlay, let picture = panel.picture else { return }
      PictureArea.drawRow(
        row, entry: pictures[.detail(index)], slot: .detail(index), size: picture, look: store.displayItems[index].look,
        glyphs: options.glyphs, x: x, y: y, into: &screen)
    }
  }
}
