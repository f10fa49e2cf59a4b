/// VHS's `.txt` golden layout: each frame's lines (trailing spaces trimmed), then a line of 80 `─`.
public enum GoldenFrames {
  public static let separator = String(repeating: "─", count: 80)

  /// The file for `frames` (each a screen's text, lines joined by newlines).
  public static func text(_ frames: [String]) -> String {
    frames.map { $0 + "\n" + separator + "\n" }.joined()
  }

  /// ``text(_:)`` as UTF-8, copied into one buffer (a tape of a thousand commands writes megabytes).
  public static func bytes(_ frames: [String]) -> [UInt8] {
    let ending = Array(("\n" + separator + "\n").utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(frames.reduce(0) { $0 + $1.utf8.count + ending.count })
    for frame in frames {
      bytes += frame.utf8
      bytes += ending
    }
    return bytes
  }

  /// The frames of a golden file: what comes before each separator line (anything after the last is a frame
  /// too, so a truncated file still compares).
  public static func frames(_ text: String) -> [String] {
    var frames: [String] = []
    var current: [Substring] = []
    var sawLine = false
    // "\r\n" is one Character: a file saved with Windows line ends splits the same.
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      if line == separator {
        frames.append(current.joined(separator: "\n"))
        current = []
        sawLine = false
      } else {
        current.append(line)
        sawLine = true
      }
    }
    // The newline that ends the file leaves one empty piece behind: not a line of the last frame.
    if current.last == "" { current.removeLast() }
    if sawLine, !current.isEmpty { frames.append(current.joined(separator: "\n")) }
    return frames
  }

  /// How a run's frames differ from a golden file's, or `nil` when they are the same: the first frame that
  /// differs as a unified diff, under a header that names the command that made it.
  public static func mismatch(
    expected: [String], actual: [String], labels: [String], expectedName: String
  ) -> String? {
    for index in 0..<max(expected.count, actual.count) {
      let want = index < expected.count ? expected[index] : nil
      let got = index < actual.count ? actual[index] : nil
      if want == got { continue }
      let label = index < labels.count ? labels[index] : "frame \(index + 1)"
      var report = "frame \(index + 1) of \(actual.count) differs from \(expectedName) (\(expected.count) frames)"
      report += ", after \(label)\n"
      if want == nil { report += "(\(expectedName) has no frame \(index + 1))\n" }
      if got == nil { report += "(the run made no frame \(index + 1))\n" }
      report += UnifiedDiff.diff(
        old: want.map(lines) ?? [], new: got.map(lines) ?? [],
        oldName: "\(expectedName) frame \(index + 1)", newName: "run frame \(index + 1)")
      return report
    }
    return nil
  }

  private static func lines(_ frame: String) -> [String] {
    frame.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
