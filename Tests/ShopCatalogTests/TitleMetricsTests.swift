import Foundation
import ShopCatalog
import TestSupport
import Testing

/// A title's width and look are counted once, as the catalogue is read, and measuring a result copies them: what
/// it gives must be what counting the loaded item's own title gives, whichever reader path the record took.
@Suite("Title metrics kept in the column store")
struct TitleMetricsTests {
  static let titles = [
    "", "plain", "商品 item 42 ✨", "café", "👨‍👩‍👧‍👦 family", "e\u{301} marks", "한국어", "tab\tand\u{7F}",
    String(repeating: "宽", count: 500), "quote \" and \\ escaped",
  ]

  @Test("widths of known titles: wide, narrow, zero-width, and the 400-scalar cap")
  func knownWidths() {
    #expect(TitleMetrics(title: "").width == 0)
    #expect(TitleMetrics(title: "ab").width == 2)
    #expect(TitleMetrics(title: "商品 ✨").width == 7)
    #expect(TitleMetrics(title: "e\u{301}").width == 1)
    #expect(TitleMetrics(title: String(repeating: "宽", count: 500)).width == 800)
    #expect(TitleMetrics(title: "same").look == TitleMetrics(title: "same").look)
    #expect(TitleMetrics(title: "same").look != TitleMetrics(title: "other").look)
  }

  @Test("a file's measure gives each item's metrics as its title counted, through the scanner and the decoder")
  func measuredAsCounted() throws {
    let folder = TemporaryDirectory()
    // Escaped titles go through the decoder, plain ones straight into the columns.
    let lines = Self.titles.enumerated().map { offset, title in
      let quoted = String(data: try! JSONEncoder().encode(title), encoding: .utf8)!
      return "{\"w\": \(100 + offset), \"h\": \(50 + 7 * offset), \"title\": \(quoted), \"price\": \"¥1\"}"
    }
    for (name, text) in [
      ("items.jsonl", lines.joined(separator: "\n")), ("items.json", "[" + lines.joined(separator: ",") + "]"),
    ] {
      let path = folder.write(name, text)
      let catalogue = try CatalogueReading.open(path: path, pageSize: 4)
      catalogue.waitUntilComplete()
      let query = CatalogueQuery(order: .title)
      guard case .stretch(let stretch) = catalogue.measure(MeasureRequest(query: query, limit: 1_000)) else {
        Issue.record("\(name): not measured")
        continue
      }
      var loaded: [ShopItem] = []
      var cursor: PageCursor?
      repeat {
        guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: query, cursor: cursor)) else { break }
        loaded += page.items
        cursor = page.next
      } while cursor != nil
      #expect(loaded.count == Self.titles.count, "\(name)")
      let counted = loaded.map { MeasuredShape(ItemShape(width: $0.width, height: $0.height, title: $0.title)) }
      #expect(stretch.items.shapes == counted, "\(name)")
    }
  }
}
