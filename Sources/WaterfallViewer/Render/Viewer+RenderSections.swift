import ShopCatalog
import WaterfallKit

/// Section headers: a full-width row with the group's name and count; the header of the section being read
/// stays pinned at the top while its items scroll under it.
extension Viewer {
  func renderSectionHeaders(into screen: inout Screen) {
    guard presentation.grouping != nil else { return }
    for section in waterfall.sectionHeadersInViewport {
      drawSectionHeader(section, contentRow: waterfall.layout.sectionHeaderFrame(section).y, into: &screen)
    }
    if let pinned = waterfall.pinnedSectionHeader {
      drawSectionHeader(pinned.section, contentRow: pinned.frame.y, into: &screen)
    }
  }

  private func drawSectionHeader(_ section: Int, contentRow: Int, into screen: inout Screen) {
    guard section < store.sections.count, let row = screenRow(contentRow) else { return }
    let group = store.sections[section]
    let glyphs = options.glyphs
    let name = TextSanitizer.sanitize(group.name, limit: 80)
    let count = group.totalCount == 1 ? "1 item" : "\(group.totalCount) items"
    screen.fill(x: 0, y: row, width: screen.width, height: 1, style: Palette.sectionHeader)
    let text = " \(glyphs.arrowRight) \(name) \(glyphs.dot) \(count)"
    screen.put(
      TextLayout.clip(text, toWidth: screen.width, ellipsis: glyphs.ellipsis), x: 0, y: row,
      style: Palette.sectionHeader)
  }
}
