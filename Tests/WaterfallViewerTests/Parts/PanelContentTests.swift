import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// What each panel says, from what it is given.
@Suite("Parts: the panel's content")
struct PanelContentTests {
  static func content(
    _ overlay: Overlay?, store: ItemStore = ItemStore(), facets: FacetPanel? = nil, filter: String = ""
  ) -> (title: String, lines: [PanelLine], cursorLine: Int?) {
    PanelContent.of(
      overlay, store: store, options: AppFixture.options(ascii: true), reuse: ReuseStatistics(),
      lastFrameMicroseconds: nil, metrics: SessionMetrics(), pictureStatistics: nil, pictures: PictureBook(),
      facets: facets, filterPattern: filter, width: 60)
  }

  @Test("facets: each value with a bar as long as its share of the largest and its count; hostile values made safe")
  func facets() {
    var panel = FacetPanel(query: CatalogueQuery())
    #expect(Self.content(.facets, facets: panel).lines.first?.text == "counting~", "a field not counted yet says so")
    panel.record(
      FacetCounts(
        field: .shop,
        values: [FacetCounts.Value("Alpha", count: 1_204), FacetCounts.Value("\u{1B}]0;pwned\u{7}Beta", count: 301)],
        otherValues: 3, otherItems: 12, missing: 5))
    let lines = Self.content(.facets, facets: panel).lines.map { $0.label + $0.text }
    #expect(lines[0] == "shop  1,522 items")
    #expect(lines[1].hasPrefix("  Alpha ") && lines[1].hasSuffix(" " + String(repeating: "#", count: 15) + " 1,204"))
    #expect(lines[2].contains(" ### ") && lines[2].hasSuffix(" 301"), "\(lines[2])")
    #expect(!lines.joined().contains("\u{1B}") && !lines.joined().contains("\u{7}"))
    #expect(lines[3] == "  3 other values: 12 items" && lines[4] == "  (no shop): 5 items")
    let chosen = Self.content(.facets, facets: panel, filter: "coat shop=\"ALPHA\"").lines.map { $0.label + $0.text }
    #expect(chosen[1].hasPrefix("@ Alpha ") && chosen[2].hasPrefix("  "), "the value the filter chooses is marked")
  }

  @Test("a field of numbers is shown in bands, each a choice of the range it covers; a value with a quote is no choice")
  func bands() {
    var panel = FacetPanel(query: CatalogueQuery())
    panel.record(
      FacetCounts(
        field: .price, values: (1...100).map { FacetCounts.Value("¥\($0)", count: 1) } + [.init("ask", count: 3)]))
    let layout = panel.layout(fields: [.price], pattern: "", width: 60, glyphs: .ascii)
    let lines = layout.lines.map { $0.label + $0.text }
    #expect(lines[0] == "price  103 items, in bands")
    #expect(lines[1].hasPrefix("  under 20 ") && lines[1].hasSuffix(" 19"), "\(lines)")
    #expect(lines.contains { $0.hasPrefix("  85 or more ") && $0.hasSuffix(" 16") }, "\(lines)")
    #expect(lines.contains("  not a number: 3 items"))
    #expect(layout.choices.first?.choice.text == "..<20" && layout.choices.last?.choice.text == "85..")
    let counted = layout.choices.map { choice in
      (1...100).filter {
        ItemQuery("price=\(choice.choice.text)").matches(ShopItem(width: 1, height: 1, price: "¥\($0)", title: "t"))
      }.count
    }
    #expect(counted.reduce(0, +) == 100, "the bands cover every number once: \(counted)")
    panel.record(
      FacetCounts(
        field: .shop,
        values: (1...20).map { FacetCounts.Value("shop \($0)", count: 1) } + [.init("say \"hi\"", count: 2)]))
    let shopLines = panel.layout(fields: [.shop], pattern: "", width: 60, glyphs: .ascii).lines.map(\.text)
    #expect(shopLines[0] == "22 items", "text that holds a number is no number: \(shopLines)")
    let shops = panel.layout(fields: [.shop], pattern: "", width: 60, glyphs: .ascii).choices.map(\.choice.text)
    #expect(shops.count == 20 && !shops.contains { $0.contains("hi") })
  }

  @Test("no panel says nothing; help lists the keys; statistics the cell reuse")
  func titles() {
    #expect(Self.content(nil).title.isEmpty && Self.content(nil).lines.isEmpty)
    let help = Self.content(.help)
    #expect(help.title == "Keys" && help.lines.contains { $0.text.contains("quit") })
    #expect(Self.content(.statistics).title == "Cell reuse" && !Self.content(.statistics).lines.isEmpty)
  }

  @Test("the detail names the item by its number; an index past the items is only \"Item\"")
  func detail() {
    let runner = AppFixture.runner(items: AppFixture.items(5))
    _ = AppFixture.screen(runner, "")
    let store = runner.viewer.store
    let detail = Self.content(.detail(3), store: store)
    #expect(detail.title == "Item #\(store.ids[3].number)")
    #expect(detail.lines.contains { $0.text.contains("item 3") })
    #expect(Self.content(.detail(99), store: store).title == "Item")
  }
}
