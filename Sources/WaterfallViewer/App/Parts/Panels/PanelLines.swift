import Pictures
import ShopCatalog
import WaterfallKit

/// What the statistics and detail panels say, line by line.
extension PanelLine {
  /// The statistics panel: the engine's reuse counters, the last frame's time, the picture loader's counters.
  static func statistics(
    _ stats: ReuseStatistics, lastFrameMicroseconds: Double?, metrics: SessionMetrics,
    pictures pictureStatistics: PictureStatistics?
  ) -> [PanelLine] {
    let pools = stats.poolSizes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    let frame = lastFrameMicroseconds.map { "\(Int($0.rounded())) us" } ?? "not measured"
    return [
      ("cells created", "\(stats.cellsCreated)"), ("cells reused", "\(stats.cellsReused)"),
      ("cells enqueued", "\(stats.cellsEnqueued)"), ("cells dropped", "\(stats.cellsDropped)"),
      ("live cells", "\(stats.liveCells)"), ("pool size", pools.isEmpty ? "0" : pools),
      ("layout passes", "\(stats.layoutPasses)"), ("data-source calls", "\(stats.dataSourceCalls)"),
      ("last frame", frame),
    ].map { PanelLine(label: $0.0 + String(repeating: " ", count: 20 - $0.0.count), text: $0.1) }
      + metrics.lines.map {
        PanelLine(label: $0.label + String(repeating: " ", count: max(1, 20 - $0.label.count)), text: $0.value)
      }
      + pictureLines(pictureStatistics)
  }

  private static func pictureLines(_ stats: PictureStatistics?) -> [PanelLine] {
    guard let stats else { return [] }
    let megabytes = Double(stats.renderCacheBytes + stats.thumbnailCacheBytes) / 1_048_576
    return [
      ("pictures requested", "\(stats.requested)"), ("pictures drawn", "\(stats.drawn)"),
      ("pictures failed", "\(stats.failed)"), ("without a picture", "\(stats.withoutPicture)"),
      ("pictures decoded", "\(stats.decoded)"),
      ("pictures from cache", "\(stats.fromCache)"), ("pictures cancelled", "\(stats.cancelled)"),
      ("pictures fetched", "\(stats.fetched)"),
      ("from the disk cache", "\(stats.fromDiskCache)"),
      ("picture cache", "\((megabytes * 10).rounded() / 10) MB"),
    ].map { PanelLine(label: $0.0 + String(repeating: " ", count: 20 - $0.0.count), text: $0.1) }
  }

  /// The detail panel of `item` (nil: gone since), with why its picture cannot be shown, if it cannot.
  static func detail(_ item: ShopItem?, pictureFailure: PictureFailure?, glyphs: Glyphs) -> [PanelLine] {
    guard let item else { return [PanelLine(label: "", text: "(this item is gone)")] }
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
    if let failure = pictureFailure {
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
}
