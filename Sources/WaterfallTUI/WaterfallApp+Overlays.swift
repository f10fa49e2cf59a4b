import ShopCatalog
import WaterfallKit

extension WaterfallApp {
  /// Every key binding, as the help overlay lists them.
  var helpLines: [String] {
    let glyphs = options.glyphs
    return [
      Glyphs.helpKeyColumn("\(glyphs.downKey) j / \(glyphs.upKey) k") + "scroll one row; with a box focused,",
      "              move to the next box in its column",
      Glyphs.helpKeyColumn("\(glyphs.leftKey) h / \(glyphs.rightKey) l") + "focus the nearest box in the next column",
      "Enter         select the focused box (shows its detail)",
      "PgDn Space    page down      PgUp b   page up",
      "Ctrl-D        half page down Ctrl-U   half page up",
      "g Home        top            G End    bottom",
      "mouse wheel   scroll 3 rows  click    select a box",
      "+ / -         more / fewer columns    = automatic",
      "r             refresh (or pull up past the top)",
      "R             retry a failed load (or click the footer)",
      "v             show cell reuse labels (#id r<reuses>)",
      "s             reuse statistics",
      "?             this help      Esc      close / unfocus",
      "in a panel    \(glyphs.upKey) \(glyphs.downKey) j k PgUp PgDn scroll it, Esc closes",
      "q             quit",
    ]
  }

  func renderOverlay(into screen: inout Screen) {
    guard overlay != .none else { return }
    drawPanel(overlayGeometry, into: &screen)
  }

  /// The open overlay's title and lines, before wrapping.
  var overlayContent: (title: String, lines: [String]) {
    switch overlay {
    case .none: ("", [])
    case .help: ("Keys", helpLines)
    case .statistics: ("Cell reuse", statisticsLines)
    case .detail(let index): ("Item #\(index)", detailLines(index))
    }
  }

  /// Where the open overlay's panel goes on the current screen and what it holds, wrapped to its width.
  struct OverlayGeometry {
    var title = ""
    var x = 0
    var y = 0
    var width = 0
    var height = 0
    /// Every body line, wrapped; the panel shows `visibleRows` of them from the overlay's scroll position.
    var body: [String] = []
    var visibleRows: Int { max(0, height - 4) }
    var maximumScroll: Int { max(0, body.count - visibleRows) }
  }

  var overlayGeometry: OverlayGeometry {
    let (title, lines) = overlayContent
    let width = min(screenSize.width - 2, 64)
    let inner = width - 4
    guard overlay != .none, inner > 4 else { return OverlayGeometry() }
    var body: [String] = []
    for line in lines {
      // Lines that fit keep their own indentation; longer ones wrap whole, so a long URL can be read.
      if DisplayWidth.of(line) <= inner {
        body.append(line)
      } else {
        body += TextLayout.wrap(line, toWidth: inner, maximumLines: .max)
      }
    }
    let height = min(screenSize.height - 3, body.count + 4)
    guard height >= 3 else { return OverlayGeometry() }
    return OverlayGeometry(
      title: title, x: (screenSize.width - width) / 2, y: max(0, (screenSize.height - 1 - height) / 2),
      width: width, height: height, body: body)
  }

  var statisticsLines: [String] {
    let stats = view.statistics
    let pools = stats.poolSizes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    let frame = lastFrameMicroseconds.map { "\(Int($0.rounded())) us" } ?? "not measured"
    return [
      "cells created       \(stats.cellsCreated)",
      "cells reused        \(stats.cellsReused)",
      "cells enqueued      \(stats.cellsEnqueued)",
      "cells dropped       \(stats.cellsDropped)",
      "live cells          \(stats.liveCells)",
      "pool size           \(pools.isEmpty ? "0" : pools)",
      "layout passes       \(stats.layoutPasses)",
      "data-source calls   \(stats.dataSourceCalls)",
      "last frame          \(frame)",
    ]
  }

  func detailLines(_ index: Int) -> [String] {
    guard index < items.count else { return ["(this item is gone)"] }
    let glyphs = options.glyphs
    let item = items[index]
    let title = DisplayItem.safeTitle(item)
    var lines = ["title  " + (title.isEmpty ? glyphs.dash : title)]
    let price = DisplayItem.safePrice(item)
    lines.append("price  " + (price.isEmpty ? glyphs.dash : price))
    lines.append("size   \(DatasetValue.format(item.width)) \(glyphs.times) \(DatasetValue.format(item.height)) px")
    lines.append(
      "image  " + (item.imageURL.isEmpty ? glyphs.dash : TextSanitizer.sanitize(item.imageURL, limit: 2000)))
    if !item.shop.isEmpty { lines.append("shop   " + TextSanitizer.sanitize(item.shop, limit: 200)) }
    for field in item.extraFields {
      lines.append(
        TextSanitizer.sanitize(field.key, limit: 40) + ": " + TextSanitizer.sanitize(field.value, limit: 300))
    }
    return lines
  }

  /// A bordered panel in the middle of the screen, showing its body from the overlay's scroll position; when the
  /// body does not fit, the bottom border says which lines are shown.
  private func drawPanel(_ panel: OverlayGeometry, into screen: inout Screen) {
    guard panel.height >= 3 else { return }
    let (x, y, width, height) = (panel.x, panel.y, panel.width, panel.height)
    let glyphs = options.glyphs
    let border = glyphs.plain
    screen.fill(x: x, y: y, width: width, height: height)
    let horizontal = String(repeating: border.horizontal, count: width - 2)
    screen.put("\(border.topLeft)\(horizontal)\(border.topRight)", x: x, y: y, style: Palette.overlayBorder)
    screen.put(" \(panel.title) ", x: x + 2, y: y, style: Palette.overlayTitle, maximumWidth: width - 4)
    for row in 1..<height - 1 {
      screen.put(String(border.vertical), x: x, y: y + row, style: Palette.overlayBorder)
      screen.put(String(border.vertical), x: x + width - 1, y: y + row, style: Palette.overlayBorder)
    }
    let first = min(overlayScroll, panel.maximumScroll)
    for (row, line) in panel.body.dropFirst(first).prefix(panel.visibleRows).enumerated() {
      screen.put(line, x: x + 2, y: y + 2 + row, style: Palette.overlayText, maximumWidth: width - 4)
    }
    screen.put(
      "\(border.bottomLeft)\(horizontal)\(border.bottomRight)", x: x, y: y + height - 1, style: Palette.overlayBorder)
    let closes = " Esc closes "
    screen.put(closes, x: x + width - 2 - closes.count, y: y + height - 1, style: Palette.overlayBorder)
    if panel.maximumScroll > 0 {
      let last = min(panel.body.count, first + panel.visibleRows)
      let arrows = (first > 0 ? glyphs.arrowUp : "") + (last < panel.body.count ? glyphs.arrowDown : "")
      let position = " \(first + 1)-\(last)/\(panel.body.count) \(arrows) "
      screen.put(
        position, x: x + 2, y: y + height - 1, style: Palette.overlayBorder,
        maximumWidth: max(0, width - 4 - closes.count))
    }
  }
}
