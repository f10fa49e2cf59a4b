import Foundation
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// Memory of the engine's layout of a million items, in a fresh process of this binary. (Reading a large
/// catalogue to its first frame is ``CatalogueBenchmarks``.)
struct LoadBenchmarks {
  let quick: Bool

  func run() -> [Figure] {
    let layoutItems = quick ? 100_000 : 1_000_000
    guard let peak = Probe.run(["layout", String(layoutItems)]).first else { return [] }
    return [.scaling(name: "peak memory, engine layout of \(layoutItems) items", value: peak, unit: "bytes")]
  }
}

/// Measurements that need a fresh process: this binary run again with `--probe KIND ARGUMENT`.
enum Probe {
  /// Runs a probe and returns the numbers it printed.
  static func run(_ arguments: [String]) -> [Double] {
    let command = ([CommandLine.arguments[0], "--probe"] + arguments).map { "'\($0)'" }.joined(separator: " ")
    return Shell.output(of: command).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
  }

  /// Runs `count` copies of a probe at once and returns the numbers each printed (nothing for one that failed).
  static func runTogether(_ arguments: [String], count: Int) -> [[Double]] {
    let probe = ([CommandLine.arguments[0], "--probe"] + arguments).map { "'\($0)'" }.joined(separator: " ")
    // Each copy's figures as one line, written whole once it has finished.
    let command = "for copy in $(seq \(count)); do echo \"$(\(probe))\" & done; wait"
    return Shell.output(of: command).split(separator: "\n").map {
      $0.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    }
  }

  /// The probe side: does the work and prints its figures (nanoseconds, then peak RSS in bytes).
  static func main(_ arguments: [String]) {
    switch arguments.first {
    case "catalogue":
      CatalogueBenchmarks.probe(path: arguments[1])
    case "sqlite":
      SQLiteBenchmarks.probe(path: arguments[1])
    case "sqlite-pack":
      SQLiteBenchmarks.packProbe(path: arguments[1])
    case "sqlite-search":
      SQLiteBenchmarks.searchProbe(path: arguments[1], term: arguments[2])
    case "postgres-suite":
      PostgresSuite.main(dataset: arguments[1], folder: arguments[2])
    case "postgres":
      PostgresSuite.probe(url: arguments[1])
    case "postgres-shop":
      PostgresSuite.shopProbe(url: arguments[1])
    case "postgres-search":
      PostgresSuite.searchProbe(url: arguments[1], term: arguments[2])
    case "jumps":
      JumpBenchmarks.probe(path: arguments[1])
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
  static func peakResidentBytes() -> Double { statusBytes("VmHWM:") }

  /// VmRSS from /proc/self/status.
  static func residentBytes() -> Double { statusBytes("VmRSS:") }

  private static func statusBytes(_ field: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
      let kilobytes = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Double($0) } ?? 0
      return kilobytes * 1024
    }
    return 0
  }
}
