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

extension ViewerEndToEndTests {
  /// A band's line in the facet panel: its name and its count (`under 70  ███  6`).
  static func bandCount(_ name: String, in screen: String) throws -> Int? {
    let line = try Regex("  \(name) +█+ +([0-9,]+)")
    guard let match = screen.firstMatch(of: line), let count = match.output[1].substring else { return nil }
    return Int(count.replacingOccurrences(of: ",", with: ""))
  }

  @Test(
    "the facet panel chooses: two shops and a price band narrow the grid to what the panel counted; a choice let go")
  func facetChoices() throws {
    let folder = TemporaryDirectory("facet-choices")
    // Thirty items of Alpha, twenty of Beta, ten of Gamma; prices ¥10 to ¥600, one each, so price is banded.
    let records = (0..<60).map { index in
      let shop = index < 30 ? "Alpha Atelier" : index < 50 ? "Beta Boutique" : "Gamma Goods"
      return
        "{\"w\": 200, \"h\": 150, \"price\": \"¥\((index + 1) * 10)\", \"title\": \"Item \(index)\", \"shop\": \"\(shop)\"}"
    }
    let file = folder.write("shop.json", "[\n" + records.joined(separator: ",\n") + "\n]")
    let pane = try TmuxPane(arguments: ["--facets", "shop,price", file], width: 100, height: 40)
    try pane.waitForScreen { $0.contains("Item 0") && $0.contains("row 1/") }
    try pane.send(keys: ["F"])
    let all = try pane.waitForScreen { $0.contains("shop  60 items") && $0.contains("price  60 items, in bands") }
    #expect(all.contains(/\s{2}Alpha Atelier +█+ +30/) && all.contains(/\s{2}Gamma Goods +█+ +10/), "\(all)")
    // The cursor starts on the commonest shop: Enter chooses it, j then Space the next.
    try pane.send(keys: ["Enter"])
    try pane.waitForScreen { $0.contains("✓ Alpha Atelier") && $0.contains("30/60 shown") }
    try pane.send(keys: ["j", "Space"])
    let shops = try pane.waitForScreen {
      $0.contains("✓ Beta Boutique") && $0.contains("50/60 shown") && $0.contains("price  50 items, in bands ")
        && !$0.contains("(counting")
    }
    // The shops' own counts stay over every shop (so a third can be chosen); the price bands count the two shops.
    #expect(shops.contains(/\s{2}Gamma Goods +█+ +10/), "\(shops)")
    let lastBand = try #require(shops.firstMatch(of: /\s{2}([0-9,]+) or more +█/)?.output.1)
    let counted = try #require(try Self.bandCount("\(lastBand) or more", in: shops), "\(shops)")
    try pane.send(keys: ["G", "Space"])
    try pane.waitForScreen {
      $0.contains("✓ \(lastBand) or more") && $0.contains("\(counted)/60 shown") && !$0.contains("(counting")
    }
    // A key clears the notice: the status bar names the filter in words.
    try pane.send(keys: ["k"])
    try pane.waitForScreen {
      Self.promptRow($0).contains("shop: Alpha Atelier, Beta Boutique \u{B7} price: \(lastBand) or more")
    }
    // Let go of Alpha: listed last while chosen, though none of its items is in the band (Gamma's ten and Beta's
    // six come first); the cursor stays on the band it was on while the values moved.
    try pane.waitForScreen { $0.contains(try! Regex("✓ Beta Boutique +█+ +6")) && $0.contains("✓ Alpha Atelier  ") }
    try pane.send(keys: ["g", "j", "j", "Space"])
    let bound = Int(lastBand.replacingOccurrences(of: ",", with: ""))!
    let betaInBand = (30..<50).filter { ($0 + 1) * 10 >= bound }.count
    try pane.waitForScreen { !$0.contains("✓ Alpha Atelier") && $0.contains("\(betaInBand)/60 shown") }
    try pane.send(keys: ["Escape"])
    try pane.waitForScreen { !$0.contains("Facets") && $0.contains("\(betaInBand)/60 shown") }
    try pane.send(keys: ["q"])
    try expectRestored(pane, status: "0")
  }
}

extension ViewerEndToEndTests {
  @Test("--view opens the config file's saved view: its filter, sort and facets; --pick picks in it")
  func savedView() throws {
    let folder = TemporaryDirectory("saved-view")
    let file = Self.filterLanguageCatalogue(folder)
    let config = folder.write(
      "config.toml",
      """
      [views.cheap]
      filter = "price<100"
      sort = "-price"
      facets = "shop,rating"
      """)
    let output = folder.path + "/picked.txt"
    let pane = try TmuxPane(
      arguments: ["--config", config, "--view", "cheap", "--pick", "--print", "title", file], width: 100, height: 40,
      outputFile: output)
    let cheap = try pane.waitForScreen { $0.contains("3/6 shown") && $0.contains("price: under 100") }
    #expect(cheap.contains("by price, highest first"), "\(cheap)")
    for title in ["Wool coat", "Linen shirt", "Velvet hat"] { #expect(cheap.contains(title), "\(cheap)") }
    #expect(!cheap.contains("Silk dress") && !cheap.contains("Cotton scarf"), "\(cheap)")
    try pane.send(keys: ["F"])
    try pane.waitForScreen { $0.contains("shop  3 items") && $0.contains("rating  3 items") }
    try pane.send(keys: ["Escape"])
    try pane.waitForScreen { !$0.contains("Facets") }
    // The dearest of the three comes first, and Enter picks it.
    try pane.send(keys: ["Enter"])
    try expectRestored(pane, status: "0")
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "Linen shirt\n")
    let unknown = try BinaryRun(["snapshot", "--config", config, "--view", "dear", file])
    #expect(unknown.status == 64 && unknown.errors.contains("no view \"dear\" (views: cheap)"), "\(unknown.errors)")
  }
}
