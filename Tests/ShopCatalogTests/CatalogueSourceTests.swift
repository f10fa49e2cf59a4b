import Foundation
import ShopCatalog
import TestSupport
import Testing

/// Reads a source the way the viewer does: page after page through the cursors, a failure retried.
enum SourceWalk {
  /// The pages of `query`'s result (at most `limit`) and how many fetches failed.
  static func pages(
    _ source: any CatalogueSource, _ query: CatalogueQuery = CatalogueQuery(), limit: Int = 10_000
  ) -> (pages: [CataloguePage], failures: Int) {
    var request = CataloguePageRequest(query: query)
    var pages: [CataloguePage] = []
    var failures = 0
    while pages.count < limit {
      switch source.fetch(request) {
      case .failure:
        failures += 1
        request.attempt += 1
      case .page(let page):
        pages.append(page)
        guard let next = page.next else { return (pages, failures) }
        request = CataloguePageRequest(query: query, cursor: next, pageNumber: pages.count)
      }
    }
    return (pages, failures)
  }

  static func items(_ source: any CatalogueSource, _ query: CatalogueQuery = CatalogueQuery()) -> [ShopItem] {
    pages(source, query).pages.flatMap(\.items)
  }
}

@Suite("A catalogue source answers queries in pages")
struct CatalogueSourceTests {
  static func items(_ count: Int) -> [ShopItem] {
    (0..<count).map { ShopItem(width: Double($0 + 1), height: 1, price: "¥\(100 + $0)", title: "item \($0)") }
  }

  @Test("behind a network failing half its fetches, every item arrives exactly once, in order")
  func orderUnderFailures() {
    let items = Self.items(600)
    let network = SimulatedNetwork(ItemCatalogue(items: items, pageSize: 3), failureRate: 0.5, seed: 99)
    let (pages, failures) = SourceWalk.pages(network)
    #expect(pages.flatMap(\.items) == items)
    #expect(failures > 100, "about half of the ~400 fetches fail")
  }

  @Test("failures are decided by the seed, page and attempt alone: not by what was asked before, nor when")
  func deterministicFailures() {
    let catalogue = ItemCatalogue(items: Self.items(15), pageSize: 3)
    let questions = (0..<200).map { (page: $0 % 5, attempt: $0 / 5) }
    let pattern = { (seed: UInt64, order: [Int]) -> [Int: Bool] in
      // A fresh network each time, asked in `order`: a generator drawn from as questions come would differ.
      let network = SimulatedNetwork(catalogue, failureRate: 0.3, seed: seed)
      return Dictionary(
        uniqueKeysWithValues: order.map {
          ($0, network.fails(page: questions[$0].page, attempt: questions[$0].attempt))
        })
    }
    let forward = pattern(7, Array(questions.indices))
    var shuffler = SeededGenerator(seed: 3)
    #expect(pattern(7, questions.indices.shuffled(using: &shuffler)) == forward)
    #expect(pattern(7, questions.indices.reversed()) == forward)
    #expect(pattern(8, Array(questions.indices)) != forward, "another seed, other failures")
    let failed = forward.values.filter { $0 }.count
    #expect((30...90).contains(failed), "about 30 % of 200 fail: \(failed)")
  }

  @Test("without looping the result ends; with looping it starts again from the first page, forever")
  func looping() {
    let items = Self.items(9)
    #expect(SourceWalk.items(ItemCatalogue(items: items, pageSize: 3)) == items)
    let looping = SourceWalk.pages(ItemCatalogue(items: items, pageSize: 3, loops: true), limit: 7).pages
    #expect(looping.count == 7 && looping.allSatisfy(\.hasMore))
    #expect(looping.flatMap(\.items) == (items + items + items[0..<3]))
    #expect(looping[3].ids == looping[0].ids, "the same items again, not copies")
  }

  @Test("sorting by price answers with the catalogue's cheapest item first, though it is on the last page")
  func sortIsWhole() {
    var items = Self.items(120)
    items[119].price = "¥9"
    let catalogue = ItemCatalogue(items: items, pageSize: 50)
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery(order: .priceAscending)))
    else { Issue.record("no page"); return }
    #expect(first.items.first?.price == "¥9" && first.ids.first == ItemID(119))
    #expect(first.items.count == 50 && first.resultCount == 120)
    let all = SourceWalk.items(catalogue, CatalogueQuery(order: .priceAscending)).compactMap {
      PriceValue.parse($0.price)
    }
    #expect(all.count == 120 && all == all.sorted())
  }

  @Test("a filter whose only match is on the last page answers it on the first")
  func filterIsWhole() {
    var items = Self.items(120)
    items[117].title = "the only silk scarf"
    let catalogue = ItemCatalogue(items: items, pageSize: 50)
    let pages = SourceWalk.pages(catalogue, CatalogueQuery(filter: ItemQuery("silk"))).pages
    #expect(pages.count == 1 && pages[0].items.map(\.title) == ["the only silk scarf"] && pages[0].resultCount == 1)
  }

  @Test("sections: each page says which groups its items belong to, with each group's whole count")
  func groupRuns() {
    let items = (0..<30).map { ShopItem(width: 1, height: 1, price: "1", shop: ["North", "South", ""][$0 % 3]) }
    let catalogue = ItemCatalogue(items: items, pageSize: 7)
    let pages = SourceWalk.pages(catalogue, CatalogueQuery(grouping: .shop)).pages
    #expect(
      pages.flatMap(\.items).map(\.shop) == Array(repeating: "North", count: 10) + Array(repeating: "South", count: 10)
        + Array(repeating: "", count: 10))
    #expect(
      pages[1].groups == [
        GroupRun(ordinal: 0, name: "North", totalCount: 10, count: 3),
        GroupRun(ordinal: 1, name: "South", totalCount: 10, count: 4),
      ])
    #expect(pages.last?.groups.last?.name == "(no shop)")
  }

  @Test("a search finds its matches' places in the whole result, loaded or not")
  func findMatches() {
    var items = Self.items(100)
    items[3].title = "red hat"
    items[97].title = "red shoe"
    let catalogue = ItemCatalogue(items: items, pageSize: 10)
    #expect(catalogue.findMatches(of: ItemQuery("red"), in: CatalogueQuery()) == [3, 97])
    #expect(
      catalogue.findMatches(of: ItemQuery("red"), in: CatalogueQuery(order: .title)) == [98, 99], "red after item")
  }

  @Test("every item's rank in a query's result is where the pages put it; an item filtered out has none")
  func ranks() {
    let items = (0..<45).map {
      ShopItem(
        width: 1, height: 1, price: "¥\(($0 * 7) % 13)", title: $0 % 4 == 0 ? "red \($0)" : "blue \($0)",
        shop: ["North", "South", ""][$0 % 3])
    }
    let catalogue = ItemCatalogue(items: items, pageSize: 6)
    for order in ItemOrder.allCases {
      for filter in [nil, ItemQuery("red")] {
        for grouping in [nil, ItemField.shop] {
          let query = CatalogueQuery(order: order, filter: filter, grouping: grouping)
          let ids = SourceWalk.pages(catalogue, query).pages.flatMap(\.ids)
          #expect(ids.indices.allSatisfy { catalogue.rank(of: ids[$0], in: query) == $0 }, "\(query)")
          let left = (0..<items.count).map(ItemID.init(_:)).filter { !ids.contains($0) }
          #expect(left.allSatisfy { catalogue.rank(of: $0, in: query) == nil }, "\(query)")
        }
      }
    }
    #expect(catalogue.rank(of: ItemID(45), in: CatalogueQuery()) == nil, "no such item")
  }

  @Test("while reading, the catalogue's own order is answered at once; a sort waits for the whole catalogue")
  func answersWhileReading() async {
    var items = Self.items(100)
    items[99].price = "¥1"
    let catalogue = ItemCatalogue(paging: .size(10))
    catalogue.append(Array(items[..<20]), fraction: 0.2)
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery())) else { return }
    #expect(first.items == Array(items[..<10]) && first.hasMore && first.resultCount == nil)
    #expect(!catalogue.progress.isComplete && catalogue.progress.itemsRead == 20)
    let sorted = Task.detached {
      catalogue.fetch(CataloguePageRequest(query: CatalogueQuery(order: .priceAscending)))
    }
    catalogue.append(Array(items[20...]))
    catalogue.finish()
    guard case .page(let cheapest) = await sorted.value else { return }
    #expect(cheapest.items.first?.price == "¥1", "the sort saw the items read after it was asked")
  }
}

@Suite("Reading a catalogue in the background")
struct CatalogueReadingTests {
  static func records(_ range: ClosedRange<Int>) -> String {
    range.map { "{\"w\": \($0), \"h\": 1, \"price\": \"¥\($0)\"}" }.joined(separator: ",\n")
  }

  @Test("a malformed record keeps every item before it and says which line and why")
  func malformedRecord() {
    let folder = TemporaryDirectory()
    let file = folder.write("items.json", "[\n" + Self.records(1...60) + ",\n{\"w\": 61, \"h\": }\n]")
    let catalogue = try! CatalogueReading.open(path: file, pageSize: 50)
    catalogue.waitUntilComplete()
    let progress = catalogue.progress
    #expect(progress.itemsRead == 60)
    let reason = try! #require(progress.stoppedBy)
    #expect(reason.hasPrefix(file + ": not valid JSON: line 62, column 16: unexpected character '}'"), "\(reason)")
    #expect(SourceWalk.items(catalogue).map(\.width) == (1...60).map(Double.init))
  }

  @Test("a JSON array streams: the same items as reading it whole, with each record's problems")
  func streamedLikeWhole() throws {
    let folder = TemporaryDirectory()
    let text =
      "[" + Self.records(1...300)
      + ", {\"w\": \"x\", \"h\": 1, \"price\": 1}, [1], {\"w\": 1, \"h\": 1, \"price\": \"[,]\\\"\"}]"
    let file = folder.write("items.json", text)
    let whole = try DatasetLoader.load(path: file)
    let catalogue = try CatalogueReading.open(path: file, pageSize: 50)
    catalogue.waitUntilComplete()
    #expect(SourceWalk.items(catalogue) == whole.items && whole.itemCount == 301)
    #expect(catalogue.readProblems == whole.problems && whole.problems.count == 2)
    #expect(catalogue.progress.skippedItems == 2 && catalogue.progress.stoppedBy == nil)
  }

  @Test("a directory is a feed: a page that cannot be read is skipped, the next one naming it, its file and reason")
  func brokenPage() throws {
    let folder = TemporaryDirectory()
    folder.write("1.json", "[" + Self.records(1...3) + "]")
    let broken = folder.write("2.json", "[{\"w\": 1,\n \"h\" 2}]")
    folder.write("3.json", "")
    folder.write("4.json", "[" + Self.records(4...5) + "]")
    let catalogue = try CatalogueReading.open(path: folder.path, pageSize: 50)
    catalogue.waitUntilComplete()
    let query = CatalogueQuery()
    guard case .page(let first) = catalogue.fetch(CataloguePageRequest(query: query)) else { return }
    #expect(first.items.count == 3)
    let second = CataloguePageRequest(query: query, cursor: first.next, pageNumber: 1)
    #expect(first.skippedPages.isEmpty)
    guard case .page(let fourth) = catalogue.fetch(second) else {
      Issue.record("the pages after the broken ones were not reached")
      return
    }
    #expect(fourth.items.map(\.width) == [4, 5] && !fourth.hasMore)
    #expect(
      fourth.skippedPages == [
        "\(broken): not valid JSON: line 2, column 6: expected : after the member name",
        "\(folder.path)/3.json: empty file",
      ])
    #expect(catalogue.brokenPageReasons.count == 2, "the empty file too")
    let dataset = try DatasetLoader.load(path: folder.path)
    #expect(dataset.itemCount == 5 && dataset.brokenFiles.map(\.reason).last == "empty file")
  }
}
