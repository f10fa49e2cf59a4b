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
      "q             quit",
    ]
  }

  func renderOverlay(into screen: inout Screen) {
    switch overlay {
    case .none: return
    case .help: drawPanel(title: "Keys", lines: helpLines, into: &screen)
    case .statistics: drawPanel(title: "Cell reuse", lines: statisticsLines, into: &screen)
    case .detail(let index): drawPanel(title: "Item #\(index)", lines: detailLines(index), into: &screen)
    }
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
      "image  " + (item.imageURL.isEmpty ? glyphs.dash : TextSanitizer.sanitize(item.imageURL, limit: 500)))
    if !item.shop.isEmpty { lines.append("shop   " + TextSanitizer.sanitize(item.shop, limit: 200)) }
    for field in item.extraFields {
      lines.append(
        TextSanitizer.sanitize(field.key, limit: 40) + ": " + TextSanitizer.sanitize(field.value, limit: 300))
    }
    return lines
  }

  /// A bordered panel in the middle of the screen; long lines wrap, and what does not fit is cut.
  private func drawPanel(title: String, lines: [String], into screen: inout Screen) {
    let glyphs = options.glyphs
    let width = min(screen.width - 2, 64)
    let inner = width - 4
    guard inner > 4 else { return }
    var body: [String] = []
    for line in lines {
      // Lines that fit keep their own indentation; longer ones wrap.
      if DisplayWidth.of(line) <= inner {
        body.append(line)
      } else {
        body += TextLayout.wrap(line, toWidth: inner, maximumLines: 3, ellipsis: glyphs.ellipsis)
      }
    }
    let available = screen.height - 3
    let height = min(available, body.count + 4)
    guard height >= 3 else { return }
    if body.count > height - 4 {
      body = Array(body.prefix(max(0, height - 5))) + ["\(glyphs.ellipsis) (more than fits)"]
    }
    let x = (screen.width - width) / 2
    let y = max(0, (screen.height - 1 - height) / 2)
    let border = glyphs.plain
    screen.fill(x: x, y: y, width: width, height: height)
    let horizontal = String(repeating: border.horizontal, count: width - 2)
    screen.put("\(border.topLeft)\(horizontal)\(border.topRight)", x: x, y: y, style: Palette.overlayBorder)
    screen.put(" \(title) ", x: x + 2, y: y, style: Palette.overlayTitle, maximumWidth: width - 4)
    for row in 1..<height - 1 {
      screen.put(String(border.vertical), x: x, y: y + row, style: Palette.overlayBorder)
      screen.put(String(border.vertical), x: x + width - 1, y: y + row, style: Palette.overlayBorder)
    }
    for (offset, line) in body.enumerated() where offset + 2 < height - 1 {
      screen.put(line, x: x + 2, y: y + 2 + offset, style: Palette.overlayText, maximumWidth: inner)
    }
    screen.put(
      "\(border.bottomLeft)\(horizontal)\(border.bottomRight)", x: x, y: y + height - 1, style: Palette.overlayBorder)
    screen.put(" Esc closes ", x: x + width - 14, y: y + height - 1, style: Palette.overlayBorder)
  }
}
