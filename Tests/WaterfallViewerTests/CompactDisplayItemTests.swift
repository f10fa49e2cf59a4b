import ShopCatalog
import TestSupport
import Testing
import WaterfallViewer

/// A display item is 12 bytes (a measured result keeps 10^7 of them): its aspect keeps every bit of the Double, and
/// its look keeps what the placeholder picks by. Boxes must come out exactly as tall, and shaded exactly alike, as
/// from the full values.
@Suite("Compact display items")
struct CompactDisplayItemTests {
  @Test("an item is 12 bytes")
  func twelveBytes() {
    #expect(MemoryLayout<DisplayItem>.stride == 12)
  }

  /// The box height as the rounding and the division gave it before (the reference the compact item must meet).
  static func referenceHeight(aspect: Double, titleWidth: Int, columnWidth: Int, metrics: BoxMetrics) -> Int {
    let inner = max(1, columnWidth - 2)
    let rows = (Double(inner) * aspect * metrics.cellAspect).rounded()
    let imageRows = rows.isFinite ? Int(min(Double(metrics.maximumImageRows), max(1, rows))) : 1
    let lines = titleWidth > 0 ? min(metrics.maximumTitleLines, (titleWidth + inner - 1) / inner) : 0
    return 2 + imageRows + lines
  }

  @Test("boxes are as tall as the full aspect and title width make them, ties at half a row included")
  func heightsAsBefore() {
    var random = SeededGenerator(seed: 29)
    let metrics = BoxMetrics()
    // Whole-pixel sides make exact halves common (4:3 at an even inner width); odd values test the edges.
    let odd: [(Double, Double)] = [
      (1, 0), (0, 1), (1, .infinity), (1, .nan), (3, 1e300), (1e-300, 1), (7, -3), (0.5, 0.25), (1e6, 1),
    ]
    for index in 0..<40_000 {
      let (width, height) =
        index < odd.count
        ? odd[index]
        : (Double(Int.random(in: 1...4_000, using: &random)), Double(Int.random(in: 1...4_000, using: &random)))
      let titleWidth = Int.random(in: 0...800, using: &random)
      let item = DisplayItem(
        ShopItem(width: width, height: height, price: "", title: String(repeating: "a", count: titleWidth)))
      let columnWidth = Int.random(in: 1...300, using: &random)
      let expected = Self.referenceHeight(
        aspect: height / width, titleWidth: min(titleWidth, TitleMetrics.scalarLimit), columnWidth: columnWidth,
        metrics: metrics)
      #expect(
        metrics.height(of: item, columnWidth: columnWidth) == expected, "\(width)×\(height) in \(columnWidth)")
      #expect(item.aspectRatio.bitPattern == (height / width).bitPattern || (height / width).isNaN)
    }
  }

  @Test("the look keeps the placeholder's shade and colour for any 31-bit hash")
  func lookKeepsShadeAndColour() {
    var random = SeededGenerator(seed: 42)
    var item = DisplayItem(ShopItem(width: 1, height: 1, price: ""))
    for _ in 0..<10_000 {
      let hash = Int.random(in: 0..<(1 << 31), using: &random)
      item.look = hash
      // The placeholder's shade is `look % 3` of three, its colour `look / 7 % 6` of six.
      #expect(item.look % 3 == hash % 3 && item.look / 7 % 6 == hash / 7 % 6, "\(hash)")
      #expect(item.look < 1 << 16)
    }
  }
}
