import Pictures
import ShopCatalog
import WaterfallKit

/// The panels over the waterfall: help (made from the key map), reuse statistics, an item's detail.
extension Viewer {
  /// One line of a panel: a label column and text; text too long for the panel wraps under itself.
  struct PanelLine {
    var label: String
    var text: String
  }

  /// Where the open overlay's panel goes on the current screen and what it holds, wrapped to its width.
  struct OverlayPanel {
    var title = ""
    var x = 0
    var y = 0
    var width = 0
    var height = 0
    /// Every body line, wrapped; the panel shows `visibleRows` of them from the overlay's scroll position.
    var body: [String] = []
    /// The first body lines are the item's picture (the detail panel), drawn over blank lines, centred.
    var picture: BoxSize?
    var visibleRows: Int { max(0, height - 4) }
    var maximumScroll: Int { max(0, body.count - visibleRows) }
  }

  /// The open overlay's title and lines, before wrapping.
  private var overlayContent: (title: String, lines: [PanelLine]) {
    switch state.overlay {
    case nil: ("", [])
    case .help:
      (
        "Keys",
        KeyMap.helpEntries(glyphs: options.glyphs, customKeys: options.customKeys, picking: options.picking != nil).map
        {
          PanelLine(label: $0.keys, text: $0.help)
        }
      )
    case .statistics: ("Cell reuse", statisticsLines)
    case .detail(let index): (index < store.count ? "Item #\(store.ids[index].number)" : "Item", detailLines(index))
    }
  }

  var overlayPanel: OverlayPanel {
    let (title, lines) = overlayContent
    let size = state.screenSize
    let width = min(size.width - 2, 64)
    let inner = width - 4
    guard state.overlay != nil, inner > 4 else { return OverlayPanel() }
    var body = lines.flatMap { Self.wrap($0, toWidth: inner) }
    var picture: BoxSize?
    if options.pictures != nil, case .detail(let index) = state.overlay, index < store.count {
      picture = detailPictureSize(index)
      if let picture { body = Array(repeating: "", count: picture.rows + 1) + body }
    }
    let height = min(size.height - 3, body.count + 4)
    guard height >= 3 else { return OverlayPanel() }
    return OverlayPanel(
      title: title, x: (size.width - width) / 2, y: max(0, (size.height - 1 - height) / 2), width: width,
      height: height, body: body, picture: picture)
  }

  /// A label and its text in `width` columns: the text wraps whole (a long URL can be read) under its own start,
  /// or under the label when the label leaves too little room.
  static func wrap(_ line: PanelLine, toWidth width: Int) -> [String] {
    let labelWidth = DisplayWidth.of(line.label)
    let indent = labelWidth <= width / 3 ? labelWidth : 0
    let first = line.label + line.text
    if DisplayWidth.of(first) <= width { return [first] }
    if indent == 0 { return TextLayout.wrap(first, toWidth: width, maximumLines: .max) }
    let pad = String(repeating: " ", count: indent)
    let wrapped = TextLayout.wrap(line.text, toWidth: width - indent, maximumLines: .max)
    return wrapped.enumerated().map { ($0.offset == 0 ? line.label : pad) + $0.element }
  }

  private var statisticsLines: [PanelLine] {
    let stats = waterfall.statistics
    let pools = stats.poolSizes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    let frame = lastFrameMicroseconds.map { "\(Int($0.rounded())) us" } ?? "not measured"
    return [
      ("cells created", "\(stats.cellsCreated)"), ("cells reused", "\(stats.cellsReused)"),
      ("cells enqueued", "\(stats.cellsEnqueued)"), ("cells dropped", "\(stats.cellsDropped)"),
      ("live cells", "\(stats.liveCells)"), ("pool size", pools.isEmpty ? "0" : pools),
      ("layout passes", "\(stats.layoutPasses)"), ("data-source calls", "\(stats.dataSourceCalls)"),
      ("last frame", frame),
    ].map { PanelLine(label: $0.0 + String(repeating: " ", count: 20 - $0.0.count), text: $0.1) }
      + pictureStatisticsLines
  }

  private var pictureStatisticsLines: [PanelLine] {
    guard let stats = pictureStatistics else { return [] }
    let megabytes = Double(stats.renderCacheBytes + stats.thumbnailCacheBytes) / 1_048_576
    return [
      ("pictures requested", "\(stats.requested)"), ("pictures decoded", "\(stats.decoded)"),
      ("pictures from cache", "\(stats.fromCache)"), ("pictures cancelled", "\(stats.cancelled)"),
      ("pictures failed", "\(stats.failed)"), ("pictures fetched", "\(stats.fetched)"),
      ("from the disk cache", "\(stats.fromDiskCache)"),
      ("picture cache", "\((megabytes * 10).rounded() / 10) MB"),
    ].map { PanelLine(label: $0.0 + String(repeating: " ", count: 20 - $0.0.count), text: $0.1) }
  }

  private func detailLines(_ index: Int) -> [PanelLine] {
    guard index < store.count else { return [PanelLine(label: "", text: "(this item is gone)")] }
    let glyphs = options.glyphs
    let item = store.items[index]
    let title = DisplayItem.safeTitle(item)
    let price = DisplayItem.safePrice(item)
    var lines = [
      PanelLine(label: "title  ", text: title.isEmpty ? glyphs.dash : title),
      PanelLine(label: "price  ", text: price.isEmpty ? glyphs.dash : price),
      PanelLine(
        label: "size   ",
        text: "\(DatasetValue.format(item.width)) \(glyphs.times) \(DatasetValue.format(item.height)) px"),
      PanelLine(
        // A user:password@ or a secret query value in the address never reaches the screen.
        label: "image  ",
        text: item.imageURL.isEmpty ? glyphs.dash : TextSanitizer.sanitize(RedactedURL.text(item.imageURL), limit: 2000)
      ),
    ]
    if let failure = pictureFailure(index) {
      lines.append(PanelLine(label: "picture ", text: TextSanitizer.sanitize(failure.reason, limit: 300)))
    }
    if !item.shop.isEmpty {
      lines.append(PanelLine(label: "shop   ", text: TextSanitizer.sanitize(item.shop, limit: 200)))
    }
    for field in item.extraFields {
      lines.append(
        PanelLine(
          label: TextSanitizer.sanitize(field.key, limit: 40) + ": ",
          text: TextSanitizer.sanitize(RedactedURL.text(field.value), limit: 300)))
    }
    return lines
  }

  func renderOverlay(into screen: inout Screen) {
    let panel = overlayPanel
    guard state.overlay != nil, panel.height >= 3 else { return }
    let (x, y, width, height) = (panel.x, panel.y, panel.width, panel.height)
    let glyphs = options.glyphs
    screen.fill(x: x, y: y, width: width, height: height)
    screen.drawBorder(BorderRect(x: x, y: y, width: width, height: height), glyphs.plain, style: Palette.overlayBorder)
    screen.put(" \(panel.title) ", x: x + 2, y: y, style: Palette.overlayTitle, maximumWidth: width - 4)
    let first = min(state.overlayScroll, panel.maximumScroll)
    for (row, line) in panel.body.dropFirst(first).prefix(panel.visibleRows).enumerated() {
      let bodyLine = first + row
      if let picture = panel.picture, bodyLine < picture.rows, case .detail(let index) = state.overlay {
        drawPictureRow(
          bodyLine, of: index, slot: .detail(index), size: picture,
          x: x + 2 + (width - 4 - picture.columns) / 2, y: y + 2 + row, into: &screen)
      } else {
        screen.put(line, x: x + 2, y: y + 2 + row, style: Palette.overlayText, maximumWidth: width - 4)
      }
    }
    let closes = " Esc closes "
    screen.put(closes, x: x + width - 2 - closes.count, y: y + height - 1, style: Palette.overlayBorder)
    if panel.maximumScroll > 0 {
      // Where the reader is in a panel that does not fit.
      let last = min(panel.body.count, first + panel.visibleRows)
      let arrows = (first > 0 ? glyphs.arrowUp : "") + (last < panel.body.count ? glyphs.arrowDown : "")
      let position = " \(first + 1)-\(last)/\(panel.body.count) \(arrows) "
      screen.put(
        position, x: x + 2, y: y + height - 1, style: Palette.overlayBorder,
        maximumWidth: max(0, width - 4 - closes.count))
    }
  }
}
