import Foundation
import WaterfallViewer

/// A 1,000-command tape over the bundled catalogue, run by the release binary as a QA job runs it
/// (`waterfall snapshot --tape`, the process started, the catalogue and its pictures loaded, every frame written
/// to a golden file and a recording), and the tape parser alone.
struct TapeBenchmark {
  let waterfall: String
  let quick: Bool

  /// 1,000 commands cycling through keys, typing, sleeps, waits, the detail, a resize and the wheel.
  static func tape(outputs directory: String) -> String {
    let cycle = [
      "Down 3", "PageDown", "Type \"l\"", "Enter", "Sleep 100ms", "Escape", "Ctrl+D", "Up 2", "Wait+Screen /items/",
      "Type \"j\"", "Wheel Down 30 10", "Right", "Left", "PageUp", "End", "Sleep 200ms", "Home", "Resize 90x26",
      "Resize 100x30", "WaitSettled",
    ]
    var lines = [
      "Output \"\(directory)/bench.txt\"", "Output \"\(directory)/bench.cast\"", "Set Width 100", "Set Height 30",
    ]
    lines += (0..<1000).map { cycle[$0 % cycle.count] }
    return lines.joined(separator: "\n") + "\n"
  }

  func run() -> [Figure] {
    let directory = NSTemporaryDirectory() + "waterfall-bench-tape-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let text = Self.tape(outputs: directory)
    let path = directory + "/bench.tape"
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))

    let parse = Harness.time(rounds: quick ? 5 : 20, operations: 1) {
      precondition((try? TapeParser.parse(text))?.count == 1004)
    }
    guard let withPictures = measure("'\(waterfall)' snapshot --tape '\(path)' >/dev/null"),
      let withoutPictures = measure("'\(waterfall)' snapshot --no-images --tape '\(path)' >/dev/null")
    else {
      print("(tape: the run failed; skipped)")
      return []
    }
    let frames =
      (try? String(contentsOfFile: directory + "/bench.txt", encoding: .utf8))?
      .components(separatedBy: GoldenFrames.separator).count ?? 1
    return [
      .scaling(name: "1000-command tape, catalogue, .txt + .cast: wall time", value: withPictures.wall, unit: "ns"),
      .scaling(name: "1000-command tape, catalogue, .txt + .cast: CPU time", value: withPictures.cpu, unit: "ns"),
      .scaling(name: "1000-command tape, --no-images: wall time", value: withoutPictures.wall, unit: "ns"),
      .scaling(name: "1000-command tape, --no-images: CPU time", value: withoutPictures.cpu, unit: "ns"),
      .scaling(name: "1000-command tape: golden frames written", value: Double(frames - 1), unit: "frames"),
      .scaling(name: "1000-command tape: parse", value: parse, unit: "ns"),
    ]
  }

  /// Median wall and CPU (user + system, all threads of the child) nanoseconds of `command`; CPU time is what a
  /// loaded machine does not inflate.
  private func measure(_ command: String) -> (wall: Double, cpu: Double)? {
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<(quick ? 3 : 5) {
      let cpuBefore = Self.childrenCPU()
      let start = Harness.now()
      guard Shell.run(command) == 0 else { return nil }
      walls.append(Double(Harness.now() - start))
      cpus.append(Self.childrenCPU() - cpuBefore)
    }
    return (Harness.median(walls), Harness.median(cpus))
  }

  private static func childrenCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Harness.cpuNanoseconds(usage)
  }
}
