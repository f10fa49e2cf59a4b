import Foundation

/// The table on standard output and the JSON in $BENCH_OUT.
enum Report {
  static func print(_ figures: [Figure]) {
    Swift.print("")
    Swift.print(pad("comparison", 78) + pad("ours", 14) + pad("baseline", 14) + "ratio")
    for figure in figures {
      if case .comparison(let name, let ours, let baseline) = figure {
        Swift.print(
          pad(name, 78) + pad(format(ours) + " ns", 14) + pad(format(baseline) + " ns", 14) + format(baseline / ours)
            + "×")
      }
    }
    Swift.print("")
    Swift.print(pad("figure", 78) + "value")
    for figure in figures {
      if case .scaling(let name, let value, let unit) = figure {
        Swift.print(pad(name, 78) + format(value) + " " + unit)
      }
    }
  }

  static func writeJSON(_ figures: [Figure], to path: String) {
    let entries: [[String: Any]] = figures.map { figure in
      switch figure {
      case .comparison(let name, let ours, let baseline):
        return ["name": name, "ours_ns": ours, "baseline_ns": baseline, "ratio": baseline / ours]
      case .scaling(let name, let value, let unit):
        return ["name": name, "value": value, "unit": unit]
      }
    }
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty {
      try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    if let data = try? JSONSerialization.data(withJSONObject: entries, options: [.prettyPrinted, .sortedKeys]) {
      _ = FileManager.default.createFile(atPath: path, contents: data)
    }
  }

  static func format(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    let count = text.count
    return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
  }
}
