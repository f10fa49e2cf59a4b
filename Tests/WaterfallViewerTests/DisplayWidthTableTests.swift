import Pictures
import ShopCatalog
import Testing
import WaterfallViewer

@Suite("Display width through the table")
struct DisplayWidthTableTests {
  @Test("the Basic Multilingual Plane's table gives every scalar the width the look-up does")
  func tableAgreesWithTheLookUp() {
    let disagreeing = (0..<0x1_0000).compactMap(Unicode.Scalar.init).filter {
      DisplayWidth.ofTabled($0) != DisplayWidth.of($0)
    }
    #expect(disagreeing.isEmpty, "\(disagreeing.prefix(10).map { String($0.value, radix: 16) })")
    // Beyond the table, the look-up itself.
    #expect(DisplayWidth.ofTabled("\u{1F600}") == 2 && DisplayWidth.ofTabled("\u{20000}") == 2)
  }
}

@Suite("A measured item's display, from its title's bytes")
struct MeasuredDisplayItemTests {
  static let titles = [
    "", "plain title", "商品 item 42 ✨", "café au lait", "👨‍👩‍👧‍👦 family", "e\u{301}\u{302} marks", "한국어 제목",
    "स्तेशन", "flag 🇯🇵 and keycap 1️⃣", "tab\tand\u{7F}control", "\u{10FFFF}\u{E000} private",
    String(repeating: "宽", count: 500), String(repeating: "ab", count: 300) + "✨",
  ]

  @Test("the title's width is the loaded item's, its look the hash of its first 256 bytes (modulo the look's range)")
  func sameAsTheLoadedItem() {
    for title in Self.titles {
      let measured = DisplayItem(ItemShape(width: 200, height: 300, title: title))
      let loaded = DisplayItem(ShopItem(width: 200, height: 300, price: "¥1", title: title))
      #expect(measured.titleWidth == loaded.titleWidth, "\(title)")
      let hash = Int(truncatingIfNeeded: FNV1a.hash(title.utf8.prefix(256)) >> 33)
      #expect(measured.look == hash % DisplayItem.lookModulus, "\(title)")
      #expect(measured.aspectRatio == loaded.aspectRatio)
    }
  }
}
