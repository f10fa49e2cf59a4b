import Foundation
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// Loading a large JSON dataset up to the first frame, and memory, each in a fresh process of this binary.
struct LoadBenchmarks {
  let quick: Bool

  /// Writes a JSON array of `count` items to a temporary file.
  static func writeDataset(count: Int) -> String {
    let path = NSTemporaryDirectory() + "waterfall-bench-\(count).json"
    var text = "["
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text += "{\"w\": \(200 + index % 300), \"h\": \(150 + (index * 7) % 500), \"price\": \"¥\(index % 999)\", "
      text += "\"img\": \"https://img.example.com/\(index).jpg\", \"title\": \"商品 item \(index) ✨\"}"
    }
    text += "]"
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  func run() -> [Figure] {
    let count = 100_000
    let path = Self.writeDataset(count: count)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var figures: [Figure] = []
    let samples = (0..<(quick ? 3 : 5)).compactMap { _ in Probe.run(["first-frame", path]).first }
    figures.append(
      .scaling(name: "100000-item JSON: load and first 120×40 frame", value: Harness.median(samples), unit: "ns"))
    if let perItem = memoryPerItem(path: path, count: count) {
      figures.append(.scaling(name: "memory per loaded item (peak RSS growth)", value: perItem, unit: "bytes"))
    }
    let layoutItems = quick ? 100_000 : 1_000_000
    if let peak = Probe.run(["layout", String(layoutItems)]).first {
      figures.append(.scaling(name: "peak memory, engine layout of \(layoutItems) items", value: peak, unit: "bytes"))
    }
    return figures
  }

  /// Peak RSS of loading the file to its first frame, less that of a process that only starts.
  private func memoryPerItem(path: String, count: Int) -> Double? {
    guard let loaded = Probe.run(["first-frame", path]).last, let idle = Probe.run(["idle"]).last else { return nil }
    return (loaded - idle) / Double(count)
  }
}

/// Measurements that need a fresh process: this binary run again with `--probe KIND ARGUMENT`.
enum Probe {
  /// Runs a probe and returns the numbers it printed.
  static func run(_ arguments: [String]) -> [Double] {
    let command = ([CommandLine.arguments[0], "--probe"] + arguments).map { "'\($0)'" }.joined(separator: " ")
    return Shell.output(of: command).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
  }

  /// The probe side: does the work and prints its figures (nanoseconds, then peak RSS in bytes).
  static func main(_ arguments: [String]) {
    switch arguments.first {
    case "first-frame":
      let start = Harness.now()
      let catalogue = try! CatalogueReading.open(path: arguments[1], pageSize: 50)
      let runner = ScriptedRun(source: catalogue, size: GridSize(width: 120, height: 40), options: ViewerOptions())
      let screen = runner.viewer.renderedScreen()
      let elapsed = Harness.now() - start
      precondition(runner.viewer.store.count > 0 && !screen.text.isEmpty)
      print(elapsed, peakResidentBytes())
    case "picture-memory":
      PictureBenchmarks.memoryProbe(path: arguments[1])
    case "layout":
      let count = Int(arguments[1]) ?? 1_000_000
      let layout = WaterfallLayout(EngineBenchmarks.configuration, heights: EngineBenchmarks.heights(count))
      precondition(layout.count == count)
      print(peakResidentBytes())
    default:
      print(peakResidentBytes())
    }
  }

  /// VmHWM from /proc/self/status.
  static func peakResidentBytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Double($0) } ?? 0
      return kilobytes * 1024
    }
    return 0
  }
}
