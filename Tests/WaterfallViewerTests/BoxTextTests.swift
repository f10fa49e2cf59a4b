import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

@Suite("What a box shows of an item's price and title")
struct BoxTextTests {
  static let prices = ["¥12999", "US$1,299.99", "€1.234,56"]

  /// The price tokens on a screen: runs of text between borders, shades and spaces that start like a price.
  static func priceTokens(in screen: String) -> [String] {
    screen.split(whereSeparator: { " │┃░▒▓\n".contains($0) }).map(String.init).filter { token in
      prices.contains { $0.first == token.first }
    }
  }

  @Test("a price is shown whole or visibly shortened, at every column count that fits", arguments: 1...7)
  func pricesNeverSilentlyCut(columns: Int) {
    var items = AppFixture.items(6)
    for index in items.indices {
      items[index].price = Self.prices[index % Self.prices.count]
      items[index].title = "x"
    }
    let runner = AppFixture.runner(items: items, width: 60, height: 50, options: AppFixture.options(columns: columns))
    let screen = AppFixture.screen(runner, "")
    let tokens = Self.priceTokens(in: screen)
    #expect(!tokens.isEmpty, "\(screen)")
    for token in tokens {
      let isWhole = Self.prices.contains(token)
      let isMarked = token.hasSuffix("…") && Self.prices.contains { $0.hasPrefix(token.dropLast()) }
      #expect(isWhole || isMarked, "\(columns) columns: \"\(token)\" in\n\(screen)")
    }
  }
}

@Suite("An empty price and an empty title")
struct EmptyFieldTests {
  static func runner() -> ScriptedRun {
    var items = AppFixture.items(1)
    items[0].price = ""
    items[0].title = ""
    (items[0].width, items[0].height) = (400, 100)  // a short picture, so the price row is on screen
    return AppFixture.runner(items: items, width: 40, height: 24, options: AppFixture.options(columns: 1))
  }

  @Test("the box draws neither: no blank gap in the picture where the price would be")
  func boxShowsNeither() {
    let screen = AppFixture.screen(Self.runner(), "")
    let boxRows = screen.split(separator: "\n").filter { $0.contains("│") && !$0.contains("row ") }
    #expect(!boxRows.isEmpty)
    #expect(boxRows.allSatisfy { !$0.contains("│  ") && !$0.contains("  │") }, "\(screen)")
  }

  @Test("the detail shows a dash for both")
  func detailShowsDashes() {
    let screen = AppFixture.screen(Self.runner(), "click:5,3")
    #expect(screen.contains("title  —"), "\(screen)")
    #expect(screen.contains("price  —"), "\(screen)")
  }
}
