import ShopCatalog
import Testing

@testable import WaterfallViewer

/// Choosing in the facet panel, in the headless app: keys and clicks, and the grid that follows.
@Suite("Parts: the facet panel's choices")
struct FacetChoiceTests {
  /// Eight items of Alpha, four of Beta, in a window where the panel and its values show.
  static func run() -> ScriptedRun {
    let items = (0..<12).map { index in
      ShopItem(width: 1, height: 1, price: "¥\(index)", title: "item \(index)", shop: index < 8 ? "Alpha" : "Beta")
    }
    return AppFixture.runner(items: items, width: 80, height: 30)
  }

  /// The screen column and row where `text` starts in `screen`.
  static func place(of text: String, in screen: String) -> (x: Int, y: Int)? {
    for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if let range = line.range(of: text) { return (line.distance(from: line.startIndex, to: range.lowerBound), row) }
    }
    return nil
  }

  @Test("Enter chooses the value under the cursor, j moves it, Space lets a value go; the grid follows")
  func keys() {
    let run = Self.run()
    _ = AppFixture.screen(run, "F")
    _ = AppFixture.screen(run, "Enter")
    #expect(AppFixture.statusBar(run).contains("8/12 shown"), "\(AppFixture.statusBar(run))")
    _ = AppFixture.screen(run, "j Space")
    #expect(AppFixture.statusBar(run).contains("12/12 shown"), "\(AppFixture.statusBar(run))")
    let both = AppFixture.screen(run, "k Space")
    #expect(AppFixture.statusBar(run).contains("4/12 shown"), "\(AppFixture.statusBar(run))")
    #expect(!both.contains("✓ Alpha") && both.contains("✓ Beta"), "\(both)")
  }

  @Test("a click on a value chooses it; a click in the panel elsewhere does nothing; one outside closes it")
  func clicks() throws {
    let run = Self.run()
    let panel = AppFixture.screen(run, "F")
    let beta = try #require(Self.place(of: "Beta ", in: panel), "\(panel)")
    let chosen = AppFixture.screen(run, "click:\(beta.x),\(beta.y)")
    #expect(AppFixture.statusBar(run).contains("4/12 shown"), "\(chosen)")
    #expect(chosen.contains("✓ Beta "), "the value clicked is marked chosen: \(chosen)")
    let title = try #require(Self.place(of: "Facets", in: chosen))
    let still = AppFixture.screen(run, "click:\(title.x),\(title.y + 1)")
    #expect(still.contains("Facets") && AppFixture.statusBar(run).contains("4/12 shown"), "\(still)")
    let closed = AppFixture.screen(run, "click:0,\(title.y + 1)")
    #expect(!closed.contains("Facets"), "\(closed)")
  }

  @Test("& from the panel opens holding the filter its choices made; ↑ in & brings back the filter in effect")
  func editsTheChoices() {
    let run = Self.run()
    _ = AppFixture.screen(run, "F Enter &")
    #expect(AppFixture.statusBar(run).hasPrefix("&shop=\"Alpha\""), "\(AppFixture.statusBar(run))")
    _ = AppFixture.screen(run, "Escape & Up")
    #expect(AppFixture.statusBar(run).hasPrefix("&shop=\"Alpha\""), "\(AppFixture.statusBar(run))")
    _ = AppFixture.screen(run, "Escape")
    #expect(AppFixture.statusBar(run).contains("shop: Alpha"), "\(AppFixture.statusBar(run))")
  }

  @Test("after a resize the cursor's value is still in view; in ASCII the filter's words are parted by ASCII")
  func resizeAndASCII() {
    // Shop S20 holds twenty items, S19 nineteen, ... S01 one: S01 is listed last.
    let items = (1...20).flatMap { shop in
      (0..<shop).map { _ in ShopItem(width: 1, height: 1, price: "¥1", title: "t", shop: String(format: "S%02d", shop))
      }
    }
    let run = AppFixture.runner(items: items, width: 80, height: 40)
    _ = AppFixture.screen(run, "F G")
    let small = AppFixture.screen(run, "resize:80x14")
    #expect(small.contains("S01 "), "\(small)")
    let ascii = AppFixture.runner(items: items, width: 80, height: 40, options: AppFixture.options(ascii: true))
    _ = AppFixture.screen(ascii, "F Enter j Space G Space Escape")
    #expect(AppFixture.statusBar(ascii).contains("shop: S20, S19"), "\(AppFixture.statusBar(ascii))")
    #expect(AppFixture.statusBar(ascii).unicodeScalars.allSatisfy { $0.isASCII }, "\(AppFixture.statusBar(ascii))")
  }
}
