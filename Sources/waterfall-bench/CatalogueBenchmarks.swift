import Foundation
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// A large JSON catalogue opened as the viewer opens it: the first frame, the whole file read and indexed, memory,
/// whole-catalogue sorts and sections, and a search keystroke, against `jq length` and Python's json module on
/// the same file. Our side runs in a fresh process of this binary (`--probe catalogue PATH`), so memory is its
/// own; the peers are timed as whole commands.
struct CatalogueBenchmarks {
  let quick: Bool

  /// What the probe prints, in order.
  enum Measure: Int, CaseIterable {
    case firstFrame, fullyRead, peakResident, retainedPerItem, sortByPrice, sortByTitle, sectionsByShop,
      keystrokeToFrame, wholeResultSearch, sortByPriceCPU, sortByTitleCPU, sectionsByShopCPU, filterCountToFrame,
      slowestTypedFrame, typingCPU, twoSearchesCPU, shopFacet, priceBands, facetChoice
  }

  /// The title of item `index` in ``writeDataset(count:)``.
  static func title(_ index: Int) -> String { "商品 item \(index) ✨" }

  /// The text typed into `&` for the live count, and the floor's pattern: a plain substring scan of the titles.
  static let filterText = "item 77"

  /// Writes the titles of ``writeDataset(count:)``, one a line: `grep -c`'s file.
  static func writeTitles(count: Int) -> String {
    let path = NSTemporaryDirectory() + "waterfall-bench-titles-\(count).txt"
    let text = (0..<count).map(title).joined(separator: "\n") + "\n"
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  /// Writes a JSON array of `count` items of about 110 bytes each (w, h, price, title, shop).
  static func writeDataset(count: Int) -> String {
    let path = NSTemporaryDirectory() + "waterfall-bench-catalogue-\(count).json"
    guard
      let handle = FileHandle(forWritingAtPath: path)
        ?? {
          _ = FileManager.default.createFile(atPath: path, contents: nil)
          return FileHandle(forWritingAtPath: path)
        }()
    else { return path }
    var text = "["
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text +=
        "{\"w\": \(200 + index % 300), \"h\": \(150 + (index * 7) % 500), \"price\": \"¥\((index * 7919) % 9999)\", "
      text += "\"title\": \"\(title(index))\", \"shop\": \"shop \(index % 97)\"}"
      if text.utf8.count > 1 << 20 {
        handle.write(Data(text.utf8))
        text = ""
      }
    }
    handle.write(Data((text + "]").utf8))
    try? handle.close()
    return path
  }

  func run() -> [Figure] {
    let count = quick ? 100_000 : 1_000_000
    let path = Self.writeDataset(count: count)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let label = quick ? "10^5" : "10^6"
    var ours: [[Double]] = []
    var jq: [Double] = []
    var python: [Double] = []
    var grep: [Double] = []
    var jqGroups: [Double] = []
    let titles = Self.writeTitles(count: count)
    defer { try? FileManager.default.removeItem(atPath: titles) }
    // Warm in the page cache, as the probe's file is after its first read.
    let grepCommand = "grep -c '\(Self.filterText)' '\(titles)' >/dev/null"
    _ = Self.timeCommand(grepCommand)
    // The interpreter itself, not a version manager's shim (pyenv's adds most of a second per start).
    let python3 = Shell.output(of: "python3 -c 'import sys; print(sys.executable)'")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let pythonCommand =
      "'\(python3)' -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' '\(path)' >/dev/null"
    // Alternate ours and the peers, so drift on a shared machine hits all alike.
    for _ in 0..<(quick ? 2 : 3) {
      let run = Probe.run(["catalogue", path])
      if run.count == Measure.allCases.count { ours.append(run) }
      jq.append(Self.timeCommand("jq length '\(path)' >/dev/null"))
      python.append(Self.timeCommand(pythonCommand))
      grep.append(Self.timeCommand(grepCommand))
      // The facet panel's count done by jq, which reads the file too (issue 46's peer).
      jqGroups.append(
        Self.timeCommand("jq 'group_by(.shop) | map({(.[0].shop): length}) | add' '\(path)' >/dev/null"))
    }
    guard !ours.isEmpty else {
      print("(catalogue: the probe failed; skipped)")
      return []
    }
    let median = { (measure: Measure) in Harness.median(ours.map { $0[measure.rawValue] }) }
    let (jqTime, pythonTime) = (Harness.median(jq), Harness.median(python))
    // No ratio for the first frame: `jq length` reads the whole file, the first frame only the first page.
    var figures: [Figure] = [
      .comparison(
        name: "\(label)-item JSON: fully read and indexed vs `jq length`", oursNanoseconds: median(.fullyRead),
        baselineNanoseconds: jqTime),
      .comparison(
        name: "\(label)-item JSON: fully read and indexed vs Python json.load", oursNanoseconds: median(.fullyRead),
        baselineNanoseconds: pythonTime),
    ]
    let milliseconds = { (measure: Measure) in median(measure) / 1e6 }
    figures += [
      .comparison(
        name:
          "\(label)-item JSON: `&\(Self.filterText)` typed, last key to its live count drawn vs `grep -c` on the titles",
        oursNanoseconds: median(.filterCountToFrame), baselineNanoseconds: Harness.median(grep)),
      .comparison(
        name: "\(label)-item JSON: 8 letters typed into / 30 ms apart, CPU vs two whole searches' (goal: no more)",
        oursNanoseconds: median(.typingCPU), baselineNanoseconds: median(.twoSearchesCPU)),
      .scaling(
        name: "\(label)-item JSON: slowest frame of a key typed into /, & and : (goal 16 ms)",
        value: milliseconds(.slowestTypedFrame), unit: "ms"),
      .comparison(
        name: "\(label)-item JSON: the facet panel's shop counts (F) vs jq group_by(.shop) (goal: 0.1x, 100 ms)",
        oursNanoseconds: median(.shopFacet), baselineNanoseconds: Harness.median(jqGroups)),
      .comparison(
        name: "\(label)-item JSON: the facet panel's price bands (F) vs jq group_by(.shop) (goal: 0.1x, 100 ms)",
        oursNanoseconds: median(.priceBands), baselineNanoseconds: Harness.median(jqGroups)),
      .scaling(
        name: "\(label)-item JSON: a facet's value chosen (Enter in F), key to the narrowed frame (goal 50 ms)",
        value: milliseconds(.facetChoice), unit: "ms"),
    ]
    figures += [
      .scaling(name: "\(label)-item JSON: first frame", value: milliseconds(.firstFrame), unit: "ms"),
      .scaling(name: "\(label)-item JSON: fully read and indexed", value: milliseconds(.fullyRead), unit: "ms"),
      .scaling(name: "\(label)-item JSON: `jq length`", value: jqTime / 1e6, unit: "ms"),
      .scaling(name: "\(label)-item JSON: Python json.load", value: pythonTime / 1e6, unit: "ms"),
      .scaling(
        name: "\(label)-item JSON: memory retained per item after reading", value: median(.retainedPerItem),
        unit: "bytes"),
      .scaling(name: "\(label)-item JSON: peak RSS reading", value: median(.peakResident) / 1_048_576, unit: "MiB"),
    ]
    // Each whole-catalogue query is timed twice, on the clock and in CPU time: its name is written once.
    let queries: [(name: String, wall: Measure, cpu: Measure)] = [
      ("sort \(label) by price", .sortByPrice, .sortByPriceCPU),
      ("sort \(label) by title", .sortByTitle, .sortByTitleCPU),
      ("sections of \(label) by shop", .sectionsByShop, .sectionsByShopCPU),
    ]
    figures += queries.map {
      .scaling(name: "\($0.name) (off the main loop)", value: milliseconds($0.wall), unit: "ms")
    }
    figures += queries.map { .scaling(name: "\($0.name): CPU time", value: milliseconds($0.cpu), unit: "ms") }
    figures += [
      .scaling(
        name: "search keystroke over \(label) to the frame with the whole result's matches",
        value: milliseconds(.keystrokeToFrame), unit: "ms"),
      .scaling(
        name: "search over the whole \(label) result (refines after)", value: milliseconds(.wholeResultSearch),
        unit: "ms"),
    ]
    return figures
  }

  /// Wall-clock nanoseconds of a shell command.
  static func timeCommand(_ command: String) -> Double {
    let start = Harness.now()
    Shell.run(command)
    return Double(Harness.now() - start)
  }

  /// The probe side: prints each ``Measure`` in order.
  static func probe(path: String) {
    let baseline = Probe.residentBytes()
    let start = Harness.now()
    let catalogue = try! CatalogueReading.open(path: path, pageSize: 50)
    let runner = ScriptedRun(source: catalogue, size: GridSize(width: 120, height: 40), options: ViewerOptions())
    // The frame a user waits for, drawn inside the timed window (the run draws on demand).
    let screen = runner.screen
    let firstFrame = Harness.now() - start
    precondition(runner.viewer.store.count == 50 && screen.text.contains("item 0 "), "no first frame")
    catalogue.waitUntilComplete()
    let count = catalogue.progress.itemsRead
    _ = catalogue.findMatches(of: ItemQuery("0"), in: CatalogueQuery())  // a first search: every title scanned once
    let fullyRead = Harness.now() - start
    let retained = (Probe.residentBytes() - baseline) / Double(max(1, count))
    /// Wall-clock and CPU nanoseconds (the query runs on this thread).
    func timeFirstPage(_ query: CatalogueQuery) -> (wall: Double, cpu: Double) {
      let (begin, beginCPU) = (Harness.now(), Harness.threadCPUTime())
      guard case .page(let page) = catalogue.fetch(CataloguePageRequest(query: query)), !page.items.isEmpty else {
        fatalError("no page")
      }
      return (Double(Harness.now() - begin), Double(Harness.threadCPUTime() - beginCPU))
    }
    let byPrice = timeFirstPage(CatalogueQuery(order: .priceAscending))
    let byTitle = timeFirstPage(CatalogueQuery(order: .title))
    let sections = timeFirstPage(CatalogueQuery(grouping: .shop))
    // A keystroke in the real runner, timed to the frame that shows the whole result's matches (not only the 50
    // loaded items', which answer at once): the source's answer comes on a thread.
    let live = Runner(
      viewer: Viewer(screenSize: GridSize(width: 120, height: 40), options: ViewerOptions()), source: catalogue,
      clock: WallClock(), executor: ThreadExecutor(), output: DiscardOutput())
    live.start()
    live.step([.key(.character("/"))])
    let keyStart = Harness.now()
    live.step([.key(.character("7"))])
    while live.viewer.searching.search?.resultRanks == nil {
      precondition(Harness.now() - keyStart < 60_000_000_000, "the search's whole result never came")
      usleep(100)
      live.step([])  // the step that receives the answer draws its frame
    }
    let keystroke = Double(Harness.now() - keyStart)
    let searchStart = Harness.now()
    _ = catalogue.findMatches(of: ItemQuery("item 77"), in: CatalogueQuery())
    let wholeSearch = Double(Harness.now() - searchStart)
    // Every key typed into the prompts, each timed to its frame; then `&`'s live count, from the last key to the
    // frame that shows it (the count comes on a thread while the frames go on).
    // Keys 30 ms apart, as a typist's: the frames go on between them. A text of its own for each prompt, so no
    // answer is one the source kept from the last.
    var slowest = 0.0
    func type(_ keys: [Key]) {
      for key in keys {
        let start = Harness.now()
        live.step([.key(key)])
        slowest = max(slowest, Double(Harness.now() - start))
        // A frame each 15 ms meanwhile, about the terminal's pace.
        for _ in 0..<2 {
          usleep(15_000)
          live.step([])
        }
      }
    }
    let characters = { (text: String) in text.map { Key.character($0) } }
    let text = characters(Self.filterText)
    type([.escape, .character("/")] + characters("item 55") + [.escape, .character(":")] + characters("500000"))
    type([.escape, .character("&")] + text.dropLast())
    // The last key alone, then frames until the count shows: `type` would add its typist's 30 ms pause.
    let countStart = Harness.now()
    live.step([.key(text.last!)])
    while live.viewer.state.filterCount == nil {
      precondition(Harness.now() - countStart < 60_000_000_000, "the filter's count never came")
      usleep(100)
      live.step([])
    }
    let filterCount = Double(Harness.now() - countStart)
    // Eight letters typed into `/`, 30 ms apart, until the last one's answer: the whole process's CPU time (the
    // searches typed over are stopped where they run), beside two whole searches' of texts of their own.
    type([.escape])
    let typingStart = Harness.processCPUTime()
    type([.character("/")] + characters("item 123"))
    while live.viewer.searching.search?.resultRanks == nil {
      usleep(100)
      live.step([])
    }
    let typingCPU = Double(Harness.processCPUTime() - typingStart)
    let searchesStart = Harness.processCPUTime()
    for text in ["item 124", "item 125"] { _ = catalogue.findMatches(of: ItemQuery(text), in: CatalogueQuery()) }
    let twoSearchesCPU = Double(Harness.processCPUTime() - searchesStart)
    let facetStart = Harness.now()
    let shops = catalogue.facet(.shop, in: CatalogueQuery(), limit: 30, cancellation: WorkCancellation())
    let shopFacet = Double(Harness.now() - facetStart)
    precondition(shops?.total == count, "the shop facet did not count every item")
    let bandsStart = Harness.now()
    let prices = catalogue.facet(
      .price, in: CatalogueQuery(), limit: FacetRequest.valuesCounted, cancellation: WorkCancellation())
    precondition(prices.flatMap { NumberBands($0) } != nil, "the prices were not banded")
    let priceBands = Double(Harness.now() - bandsStart)
    // The panel opened in the real runner, then the commonest shop chosen: the key to the frame that shows the
    // catalogue narrowed to it.
    live.step([.key(.escape), .key(.escape), .key(.character("F"))])
    while !live.viewer.facetsAreCounted {
      usleep(100)
      live.step([])
    }
    let choiceStart = Harness.now()
    live.step([.key(.enter)])
    while live.viewer.presentation.filter == nil || live.viewer.pendingQuery != nil {
      precondition(Harness.now() - choiceStart < 60_000_000_000, "the facet's choice was never shown")
      usleep(100)
      live.step([])
    }
    let facetChoice = Double(Harness.now() - choiceStart)
    let values: [Measure: Double] = [
      .firstFrame: Double(firstFrame), .fullyRead: Double(fullyRead), .peakResident: Probe.peakResidentBytes(),
      .retainedPerItem: retained, .sortByPrice: byPrice.wall, .sortByTitle: byTitle.wall,
      .sectionsByShop: sections.wall, .keystrokeToFrame: keystroke, .wholeResultSearch: wholeSearch,
      .sortByPriceCPU: byPrice.cpu, .sortByTitleCPU: byTitle.cpu, .sectionsByShopCPU: sections.cpu,
      .filterCountToFrame: filterCount, .slowestTypedFrame: slowest, .typingCPU: typingCPU,
      .twoSearchesCPU: twoSearchesCPU, .shopFacet: shopFacet, .priceBands: priceBands, .facetChoice: facetChoice,
    ]
    print(Measure.allCases.map { String(values[$0]!) }.joined(separator: " "))
  }
}
