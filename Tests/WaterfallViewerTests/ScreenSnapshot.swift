import Foundation
import Testing

/// Compares a screen's text (and, for styled screens, its style runs) with the reference in `Snapshots/NAME.txt`. With `WATERFALL_RECORD_SNAPSHOTS=1`
/// the reference is written instead (then read it, and commit it only if it is right). A missing reference fails.
func expectSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
  let file = directory.appendingPathComponent(name + ".txt")
  if ProcessInfo.processInfo.environment["WATERFALL_RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? Data((actual + "\n").utf8).write(to: file)
    return
  }
  guard let data = FileManager.default.contents(atPath: file.path) else {
    Issue.record(
      "no reference snapshot \(file.path); record it with WATERFALL_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
    return
  }
  var expected = String(decoding: data, as: UTF8.self)
  if expected.hasSuffix("\n") { expected.removeLast() }
  if expected == actual { return }
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  var report = ["screen differs from \(name).txt:"]
  for row in 0..<max(expectedLines.count, actualLines.count) {
    let want = row < expectedLines.count ? String(expectedLines[row]) : "∅"
    let got = row < actualLines.count ? String(actualLines[row]) : "∅"
    if want != got { report += ["row \(row) expected: \(want)", "row \(row) actual:   \(got)"] }
  }
  Issue.record(Comment(rawValue: report.joined(separator: "\n")), sourceLocation: sourceLocation)
}
