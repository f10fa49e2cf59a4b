import Foundation
import SQLiteCatalog
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// A SQLite catalogue of 10^6 rows (10^7 in the full run), generated here: written as JSON Lines, imported with
/// `waterfall import`'s code, then opened in a fresh process of this binary (`--probe sqlite PATH`, so its memory
/// is its own) the way the viewer opens it: the first frame, a search's and a sort's first screenful, a page
/// deep into a sort (keyset: as quick as the first), every height for the end of the masonry, and peak memory.
struct SQLiteBenchmarks {
  let quick: Bool

  enum Measure: Int, CaseIterable {
    case firstFrame, searchScreenful, rareSearchScreenful, shortSearchScreenful, priceScreenful, titleScreenful,
      deepPricePage,
      everyHeight, peakResident, peakResidentAtEnd
  }

  /// The goals the issue sets, in milliseconds (RSS in MiB): `G` ≤ 1 s at either size, and at 10^7 rows (the full
  /// run) the whole process ≤ 300 MiB after it (issue 29).
  static func goals(quick: Bool) -> [Measure: Double] {
    [
      .firstFrame: 200, .searchScreenful: 50, .rareSearchScreenful: 50, .shortSearchScreenful: 50,
      .priceScreenful: 50, .peakResident: 150, .everyHeight: 1000,
    ]
    .merging(quick ? [:] : [.peakResidentAtEnd: 300]) { $1 }
  }

  /// Writes `count` items as JSON Lines (titles of two Chinese words and a number, 97 shops, prices that vary).
  static func writeDataset(count: Int, to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else { return }
    let words = ["新品", "羊毛衫", "连衣裙", "风衣", "silk", "scarf", "Café", "dress", "阔腿裤", "blazer", "帆布鞋"]
    var text = ""
    for index in 0..<count {
      let title = "\(words[index % 11]) \(words[(index / 11) % 11]) item \(index)"
      text +=
        "{\"w\": \(200 + index % 300), \"h\": \(150 + (index * 7) % 500), \"price\": \"¥\((index * 7919) % 9999)\", "
        + "\"title\": \"\(title)\", \"shop\": \"shop \(index % 97)\"}\n"
      if text.utf8.count > 1 << 20 {
        handle.write(Data(text.utf8))
        text = ""
      }
    }
    handle.write(Data(text.utf8))
    try? handle.close()
  }

  func run() -> [Figure] {
    let count = quick ? 1_000_000 : 10_000_000
    let label = quick ? "10^6" : "10^7"
    let folder = NSTemporaryDirectory() + "waterfall-bench-sqlite-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = folder + "/items.jsonl"
    let database = folder + "/shop.sqlite"
    Self.writeDataset(count: count, to: source)
    let importStart = Harness.now()
    guard (try? CatalogueImport.run(sources: [source], output: database, existing: .replace)) != nil else {
      print("(sqlite: the import failed; skipped)")
      return []
    }
    let importTime = Double(Harness.now() - importStart)
    try? FileManager.default.removeItem(atPath: source)
    let bytes = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
    var runs: [[Double]] = []
    var searches: [Measure: [Double]] = [:]
    for _ in 0..<3 {
      let run = Probe.run(["sqlite", database])
      if run.count == Measure.allCases.count { runs.append(run) }
      // Each search cold: a process of its own, nothing read before it but the first page, no count running.
      for (measure, term) in Self.searchTerms {
        if let time = Probe.run(["sqlite-search", database, term]).first {
          searches[measure, default: []].append(time)
        }
      }
    }
    guard !runs.isEmpty else {
      print("(sqlite: the probe failed; skipped)")
      return []
    }
    let median = { (measure: Measure) in
      searches[measure].map { Harness.median($0) } ?? Harness.median(runs.map { $0[measure.rawValue] })
    }
    func goal(_ measure: Measure, _ unit: String) -> String {
      Self.goals(quick: quick)[measure].map { " (goal ≤ \(Int($0)) \(unit))" } ?? ""
    }
    func milliseconds(_ name: String, _ measure: Measure) -> Figure {
      .scaling(name: "\(label)-row SQLite: \(name)\(goal(measure, "ms"))", value: median(measure) / 1e6, unit: "ms")
    }
    return [
      .scaling(name: "\(label)-row SQLite: import (generated JSON Lines)", value: importTime / 1e9, unit: "s"),
      .scaling(name: "\(label)-row SQLite: file size", value: Double(bytes) / 1_048_576, unit: "MiB"),
      milliseconds("first frame (open, first page, the 120×40 frame drawn)", .firstFrame),
      milliseconds("filter 'item 77' cold, Enter to the frame (common, short; row by row)", .searchScreenful),
      milliseconds("filter 'item 654321' cold, Enter to the frame (a rare term through FTS5)", .rareSearchScreenful),
      milliseconds("filter '羊毛' cold, Enter to the frame (2 characters, scan)", .shortSearchScreenful),
      milliseconds("sort by price, first screenful", .priceScreenful),
      milliseconds("sort by title, first screenful", .titleScreenful),
      milliseconds("sort by price, page 2000 (keyset)", .deepPricePage),
      milliseconds("every height for the end of the masonry (G)", .everyHeight),
      .scaling(
        name: "\(label)-row SQLite: peak RSS browsing, before G\(goal(.peakResident, "MiB"))",
        value: median(.peakResident) / 1_048_576, unit: "MiB"),
      .scaling(
        name: "\(label)-row SQLite: peak RSS after G (every item laid out)\(goal(.peakResidentAtEnd, "MiB"))",
        value: median(.peakResidentAtEnd) / 1_048_576, unit: "MiB"),
    ]
  }

  /// The probe side: prints each ``Measure`` in order (nanoseconds, then bytes).
  static func probe(path: String) {
    guard let probe = ViewerProbe(open: { try SQLiteCatalogue.open(path: path, pageSize: 50) }),
      let catalogue = probe.catalogue as? SQLiteCatalogue
    else { return }
    // Sorts first: a search's count goes on on its thread afterwards, and pages wait for its ranges.
    let byPrice = probe.firstPage(CatalogueQuery(order: .priceAscending))
    let byTitle = probe.firstPage(CatalogueQuery(order: .title)).time
    // Page after page to page 2000, then the time of the next one alone.
    var cursor = byPrice.page.next
    for _ in 0..<2000 {
      guard
        case .page(let page) = catalogue.fetch(
          CataloguePageRequest(query: CatalogueQuery(order: .priceAscending), cursor: cursor))
      else { break }
      cursor = page.next
    }
    let deepStart = Harness.now()
    _ = catalogue.fetch(CataloguePageRequest(query: CatalogueQuery(order: .priceAscending), cursor: cursor))
    let deep = Double(Harness.now() - deepStart)
    // Browsing's memory, before `G` lays out every item.
    let browsingPeak = Probe.peakResidentBytes()
    // The end of the masonry: `G` on the simulated executor, so that the time is the work's, not a wait.
    let everyHeight = probe.goToEnd(itemCount: catalogue.itemCount)
    // The searches are timed cold, each in a process of its own (``searchProbe(path:term:)``).
    let values: [Measure: Double] = [
      .firstFrame: probe.firstFrame, .searchScreenful: 0, .rareSearchScreenful: 0, .shortSearchScreenful: 0,
      .priceScreenful: byPrice.time, .titleScreenful: byTitle, .deepPricePage: deep, .everyHeight: everyHeight,
      .peakResident: browsingPeak, .peakResidentAtEnd: Probe.peakResidentBytes(),
    ]
    print(Measure.allCases.map { String(values[$0]!) }.joined(separator: " "))
  }

  /// Packs the shapes of a catalogue imported before they existed into it, in place (a copy, for `G` at 10^7 rows
  /// without a 10^7-row import: `--probe sqlite-pack COPY`, then `--probe sqlite COPY`). Prints nanoseconds.
  static func packProbe(path: String) {
    let start = Harness.now()
    do {
      try CatalogueImport.packShapes(path: path)
    } catch {
      fatalError("\(path): \(error)")
    }
    print(Double(Harness.now() - start))
  }

  /// The searches timed cold, each filter's term in a fresh process.
  static let searchTerms: [(Measure, String)] = [
    (.searchScreenful, "item 77"), (.rareSearchScreenful, "item 654321"), (.shortSearchScreenful, "羊毛"),
  ]

  /// A cold filter as a user types it: the catalogue opened and its first frame drawn, then `& TERM Enter` timed
  /// to the frame that shows the filtered result's first screenful (no cache warmed, no count of a previous
  /// search still running). Prints nanoseconds.
  static func searchProbe(path: String, term: String) {
    guard let catalogue = try? SQLiteCatalogue.open(path: path, pageSize: 50) else { return }
    print(TypedFilter.milliseconds(source: catalogue, term: term) * 1e6)
  }
}
