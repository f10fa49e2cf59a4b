import Pictures
import ShopCatalog
import WaterfallKit

/// The panel over the waterfall: its lines from the viewer's state, laid out and drawn by ``OverlayPanel``.
extension Viewer {
  var overlayPanel: OverlayPanel {
    guard state.panel.overlay != nil else { return OverlayPanel() }
    let (title, lines, cursorLine) = PanelContent.of(
      state.panel.overlay, store: store, options: options, reuse: waterfall.statistics,
      lastFrameMicroseconds: lastFrameMicroseconds, metrics: metrics, pictureStatistics: pictureStatistics,
      pictures: pictures, facets: state.facets, filterPattern: organiser.latestQuery.filter?.pattern ?? "",
      width: OverlayPanel.innerWidth(screenWidth: state.screenSize.width))
    let picture = options.pictures == nil ? nil : detailPicture?.size
    var panel = OverlayPanel(title: title, lines: lines, screenSize: state.screenSize, picture: picture)
    panel.highlightedBodyLine = cursorLine.flatMap(panel.bodyLine(ofLine:))
    return panel
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
