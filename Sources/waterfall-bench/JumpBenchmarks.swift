import Foundation
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// Any item one jump away, on the catalogue benchmark's 10^6-item JSON (the last item made the only "zyzzyva"):
/// a match on the last item, `:500000` and `G`, each from process start (`waterfall snapshot --keys`, the read
/// included) beside `jq length` on the same file, and each in a session already open (the catalogue read; the
/// keys to the next frame, in a fresh process: `--probe jumps PATH`), and the first frame live in tmux. Issue 29's
/// goals: ≤ 0.6× `jq length` from process start, ≤ 100 ms to the next frame in an open session, the first frame
/// live ≤ 0.15× `jq length`.
struct JumpBenchmarks {
  let quick: Bool
  let waterfall: String?

  /// The jumps over `count` items: their names, keys, and what the frame shows once there.
  static func jumps(count: Int) -> [(name: String, keys: String, shows: String)] {
    [
      ("/ to the last item's match", "/ z y z z y v a Enter", "zyzzyva"),
      (":\(count / 2)", ": \(digits(count / 2)) Enter", "item \(count / 2 - 1) "),
      ("G", "G", "the end: "),
    ]
  }

  /// A number as keys: "5 0 0".
  static func digits(_ number: Int) -> String { String(number).map(String.init).joined(separator: " ") }

  /// What the session probe prints, in order: each jump's nanoseconds, then a second jump in a measured session.
  enum Measure: Int, CaseIterable {
    case searchToLast, goToMiddle, goToEnd, jumpWhenMeasured
  }

  /// The catalogue benchmark's dataset, its last item the only zyzzyva.
  static func writeDataset(count: Int) -> String {
    let path = CatalogueBenchmarks.writeDataset(count: count)
    guard let handle = FileHandle(forUpdatingAtPath: path) else { return path }
    defer { try? handle.close() }
    // The last record's title is "商品 item N ✨"; as many bytes in its place keep the file valid.
    let last = Data("商品 item \(count - 1) ✨".utf8)
    let size = handle.seekToEndOfFile()
    let tailStart = size - UInt64(min(Int(size), 400))
    handle.seek(toFileOffset: tailStart)
    let tail = handle.readDataToEndOfFile()
    guard let range = tail.range(of: last, options: .backwards) else { return path }
    handle.seek(toFileOffset: tailStart + UInt64(range.lowerBound - tail.startIndex))
    handle.write(Data(("zyzzyva" + String(repeating: " ", count: last.count - 7)).utf8))
    return path
  }

  func run() -> [Figure] {
    let count = quick ? 100_000 : 1_000_000
    let label = quick ? "10^5" : "10^6"
    let path = Self.writeDataset(count: count)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var figures: [Figure] = []
    var sessions: [[Double]] = []
    for _ in 0..<(quick ? 2 : 3) {
      let run = Probe.run(["jumps", path])
      if run.count == Measure.allCases.count { sessions.append(run) }
    }
    if sessions.isEmpty { print("(jumps: the session probe failed; skipped)") }
    let median = { (measure: Measure) in Harness.median(sessions.map { $0[measure.rawValue] }) / 1e6 }
    if !sessions.isEmpty {
      // The probe measures the jumps in their order, so each figure takes its jump's name.
      let measures: [Measure] = [.searchToLast, .goToMiddle, .goToEnd]
      for (jump, measure) in zip(Self.jumps(count: count), measures) {
        figures.append(
          .scaling(
            name: "\(label)-item JSON, session open: \(jump.name), to the frame (goal ≤ 100 ms)",
            value: median(measure), unit: "ms"))
      }
      figures.append(
        .scaling(
          name: "\(label)-item JSON, measured already: another far jump, to the frame",
          value: median(.jumpWhenMeasured), unit: "ms"))
    }
    guard let waterfall else { return figures }
    // The first frame, live: the screen drawn in a terminal, against `jq length` on the same file.
    var live: [Double] = []
    var jqForLive: [Double] = []
    for _ in 0..<(quick ? 2 : 3) {
      guard let frame = LiveFirstFrame.time(waterfall: waterfall, path: path, shows: "item 0 ") else { break }
      live.append(frame)
      jqForLive.append(CatalogueBenchmarks.timeCommand("jq length '\(path)' >/dev/null"))
    }
    if live.isEmpty { print("(jumps: the live first frame never showed; skipped)") }
    if !live.isEmpty {
      figures.append(
        .comparison(
          name: "\(label)-item JSON: first frame live in tmux, no options, vs `jq length` (goal ≤ 0.15×)",
          oursNanoseconds: Harness.median(live), baselineNanoseconds: Harness.median(jqForLive)))
    }
    // From process start: the release binary reads the file and jumps, against `jq length` on the same file.
    for jump in Self.jumps(count: count) {
      let command = "'\(waterfall)' snapshot --no-images --size 120x40 --keys '\(jump.keys)' '\(path)'"
      var ours: [Double] = []
      var jq: [Double] = []
      for _ in 0..<(quick ? 2 : 3) {
        let start = Harness.now()
        let screen = Shell.output(of: command)
        let elapsed = Double(Harness.now() - start)
        guard screen.contains(jump.shows) else {
          print("(jumps: \(jump.name) did not show \(jump.shows); skipped)")
          break
        }
        ours.append(elapsed)
        jq.append(CatalogueBenchmarks.timeCommand("jq length '\(path)' >/dev/null"))
      }
      guard !ours.isEmpty else { continue }
      figures.append(
        .comparison(
          name: "\(label)-item JSON from process start: \(jump.name) vs `jq length` (goal ≤ 0.6×)",
          oursNanoseconds: Harness.median(ours), baselineNanoseconds: Harness.median(jq)))
    }
    return figures
  }

  /// The probe side: the catalogue read (a session open), then each jump in a fresh viewer from its keys to the
  /// next frame, on the simulated executor so that the time is the work's, not a wait; then one more far jump in
  /// the session `G` measured.
  static func probe(path: String) {
    let catalogue = try! CatalogueReading.open(path: path, pageSize: 50)
    catalogue.waitUntilComplete()
    let count = catalogue.progress.itemsRead
    let size = GridSize(width: 120, height: 40)
    func time(_ keys: String, in run: ScriptedRun, until reached: (Viewer) -> Bool) -> Double {
      let steps = try! KeyScript.parse(keys)
      let start = Harness.now()
      run.apply(steps)
      _ = run.screen
      let elapsed = Double(Harness.now() - start)
      precondition(reached(run.viewer), "the jump \(keys) did not arrive")
      return elapsed
    }
    func shows(_ viewer: Viewer, rank: Int) -> Bool {
      viewer.state.keyboardFocus == rank && viewer.store.items.isLoaded(rank)
        && viewer.waterfall.indicesInViewport.contains(rank)
    }
    let fresh = { ScriptedRun(source: catalogue, size: size, options: ViewerOptions()) }
    let jumps = Self.jumps(count: count)
    let search = time(jumps[0].keys, in: fresh()) { shows($0, rank: count - 1) }
    let middle = time(jumps[1].keys, in: fresh()) { shows($0, rank: count / 2 - 1) }
    let session = fresh()
    let end = time(jumps[2].keys, in: session) { shows($0, rank: count - 1) }
    let another = time(": \(digits(count / 4)) Enter", in: session) { shows($0, rank: count / 4 - 1) }
    let values: [Measure: Double] = [
      .searchToLast: search, .goToMiddle: middle, .goToEnd: end, .jumpWhenMeasured: another,
    ]
    print(Measure.allCases.map { String(values[$0]!) }.joined(separator: " "))
  }
}
