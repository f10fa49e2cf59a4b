import Foundation
import TestSupport
import Testing

extension ViewerEndToEndTests {
  /// Six items whose prices, shops and ratings the filter language's words pick out.
  static func filterLanguageCatalogue(_ folder: TemporaryDirectory) -> String {
    let rows = [
      ("Wool coat", "¥80", "Alpha Atelier", "4.5"), ("Silk dress", "¥1,299", "Gamma Goods", "3.9"),
      ("Linen shirt", "¥95", "Gamma Goods", "4.8"), ("Used coat", "¥150", "Alpha Atelier", "2.0"),
      ("Velvet hat", "¥60", "Beta Boutique", "4.1"), ("Cotton scarf", "price on request", "Beta Boutique", "3.0"),
    ]
    let records = rows.map { title, price, shop, rating in
      "{\"w\": 200, \"h\": 150, \"price\": \"\(price)\", \"title\": \"\(title)\", \"shop\": \"\(shop)\", \"rating\": \"\(rating)\"}"
    }
    return folder.write("shop.json", "[\n" + records.joined(separator: ",\n") + "\n]")
  }

  /// The viewer on ``filterLanguageCatalogue(_:)`` with `options`, its first screen drawn.
  static func openFilterLanguageCatalogue(_ folder: TemporaryDirectory, options: [String] = []) throws -> TmuxPane {
    let pane = try TmuxPane(arguments: options + [filterLanguageCatalogue(folder)], width: 100, height: 40)
    try pane.waitForScreen { $0.contains("Cotton scarf") && $0.contains("row 1/") }
    return pane
  }

  @Test(
    "& in the filter language: price<100 shows the cheap items with their count; a word it cannot read changes nothing")
  func filterLanguage() throws {
    let folder = TemporaryDirectory("filter-language")
    let pane = try Self.openFilterLanguageCatalogue(folder)
    try pane.send(keys: ["&"])
    try pane.waitForScreen { Self.promptRow($0).hasSuffix("price<200 shop:NAME -word \u{B7} Enter shows every item") }
    try pane.send(literal: "price<100 -hat")
    try pane.waitForScreen { Self.promptRow($0).hasSuffix("2 of 6 match") }
    try pane.send(keys: ["Enter"])
    let cheap = try pane.waitForScreen { $0.contains("2 of 6 items match price<100 -hat") }
    for title in ["Wool coat", "Linen shirt"] { #expect(cheap.contains(title), "\(cheap)") }
    for title in ["Silk dress", "Used coat", "Velvet hat", "Cotton scarf"] {
      #expect(!cheap.contains(title), "\(cheap)")
    }

    try pane.send(keys: ["&"])
    try pane.send(literal: "rating>=high")
    try pane.waitForScreen { Self.promptRow($0).hasSuffix("rating>=high: not a number") }
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen { $0.contains("rating>=high: not a number: the filter is as it was") }
    // The letters typed before `>=` narrowed the grid as a word; it goes back to the filter before the prompt.
    let kept = try pane.waitForScreen { $0.contains("Wool coat") && !$0.contains("filtering") }
    #expect(kept.contains("Wool coat") && kept.contains("Linen shirt") && !kept.contains("Silk dress"), "\(kept)")

    try pane.send(keys: ["&"])
    try pane.send(literal: "shop:alpha rating>=4")
    try pane.send(keys: ["Enter"])
    let rated = try pane.waitForScreen { $0.contains("1 of 6 items match shop:alpha rating>=4") }
    #expect(rated.contains("Wool coat") && !rated.contains("Used coat"), "\(rated)")

    // A field no item has is named, not left as "no match".
    try pane.send(keys: ["&"])
    try pane.send(literal: "colour:red")
    try pane.waitForScreen {
      Self.promptRow($0).hasSuffix("no item loaded has colour (fields: shop, price, title, rating)")
    }
    try closePrompt(pane)
    // `/` with a word it cannot read keeps the search as it was.
    try pane.send(keys: ["/"])
    try pane.send(literal: "coat")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen { $0.contains("match 1/1") }
    try pane.send(keys: ["/"])
    try pane.send(literal: "price<")
    try pane.waitForScreen { Self.promptRow($0).hasSuffix("price<: a value is missing after <") }
    try pane.send(keys: ["Enter"])
    let searched = try pane.waitForScreen { $0.contains("price<: a value is missing after <: the search is as it was") }
    #expect(searched.contains("match 1/1"), "\(searched)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("--filter with a word it cannot read, or a field the items lack, is refused with a usage error")
  func filterOptionRefused() throws {
    let folder = TemporaryDirectory("filter-option")
    let file = Self.filterLanguageCatalogue(folder)
    let unreadable = try BinaryRun(["--filter", "price<abc", file])
    #expect(
      unreadable.status == 64 && unreadable.errors.contains("--filter: price<abc: not a number"), "\(unreadable.errors)"
    )
    let unknown = try BinaryRun(["snapshot", "--filter", "colour:red", file])
    #expect(unknown.status == 64, "\(unknown.errors)")
    #expect(
      unknown.errors.contains("--filter: unknown field \"colour\": the items have shop, price, title, rating"),
      "\(unknown.errors)")
  }
}

extension ViewerEndToEndTests {
  @Test("F: the facet panel counts the shops of the items shown, most first, and counts again after a filter")
  func facetPanel() throws {
    let folder = TemporaryDirectory("facets")
    let pane = try Self.openFilterLanguageCatalogue(folder)
    try pane.send(keys: ["F"])
    let all = try pane.waitForScreen { $0.contains("Facets") && $0.contains("shop  6 items") }
    for (shop, count) in [("Alpha Atelier", 2), ("Beta Boutique", 2), ("Gamma Goods", 2)] {
      #expect(all.contains(try Regex("\(shop) +█+ \(count)")), "\(all)")
    }
    // `&`, as the panel says, closes it and opens the prompt.
    try pane.send(keys: ["&"])
    try pane.waitForScreen { !$0.contains("Facets") && Self.promptRow($0).hasPrefix("&") }
    try pane.send(literal: "price<100")
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen { $0.contains("3 of 6 items match price<100") }
    try pane.send(keys: ["F"])
    let cheap = try pane.waitForScreen { $0.contains("shop  3 items") }
    #expect(cheap.contains(/Gamma Goods +█+ 1/) && cheap.contains(/Alpha Atelier +█+ 1/), "\(cheap)")
    #expect(cheap.contains(/Beta Boutique +█+ 1/), "\(cheap)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }

  @Test("--facets shop,rating counts both fields; a field the items lack is refused")
  func facetsOption() throws {
    let folder = TemporaryDirectory("facets-option")
    let file = Self.filterLanguageCatalogue(folder)
    let pane = try Self.openFilterLanguageCatalogue(folder, options: ["--facets", "shop,rating"])
    try pane.send(keys: ["F"])
    let both = try pane.waitForScreen { $0.contains("shop  6 items") && $0.contains("rating  6 items") }
    #expect(both.contains(/4\.5 +█+ 1/), "\(both)")
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
    let unknown = try BinaryRun(["snapshot", "--facets", "colour", file])
    #expect(unknown.status == 64 && unknown.errors.contains("--facets: unknown field \"colour\""), "\(unknown.errors)")
  }
}
