import Foundation
import Testing

/// The README's screen samples are what the binary prints: each fenced block after a
/// `<!-- sample: ARGUMENTS -->` line is compared with `waterfall ARGUMENTS`. With WATERFALL_RECORD_README=1 the
/// README is rewritten from the binary instead.
@Suite("The README's samples")
struct ReadmeSampleTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("README.md")

  @Test("every sample in the README is what the binary prints today")
  func samplesMatchTheBinary() throws {
    try TmuxPane.requireUsableBinary()
    var lines = try String(contentsOf: Self.readme, encoding: .utf8).components(separatedBy: "\n")
    let marker = "<!-- sample: "
    var samples = 0
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index].hasPrefix(marker), lines[index].hasSuffix(" -->") else { continue }
      let command = String(lines[index].dropFirst(marker.count).dropLast(" -->".count))
      let open = index + 1
      let close = try #require(lines[(open + 1)...].firstIndex(of: "```"), "the sample's block ends")
      try #require(lines[open] == "```", "a fenced block follows the marker")
      let run = try BinaryRun(Self.words(command), environment: ["NO_COLOR": "1"])
      #expect(run.status == 0, "\(run.errors)")
      let printed = run.output.components(separatedBy: "\n").map(Self.trimmingTrailingSpaces)
        .reversed().drop { $0.isEmpty }.reversed()
      let written = lines[(open + 1)..<close].map(Self.trimmingTrailingSpaces)
      if ProcessInfo.processInfo.environment["WATERFALL_RECORD_README"] == "1" {
        lines.replaceSubrange((open + 1)..<close, with: printed)
      } else {
        #expect(
          Array(written) == Array(printed),
          "README sample `waterfall \(command)` drifted; rerun with WATERFALL_RECORD_README=1")
      }
      samples += 1
    }
    #expect(samples > 0, "the README has samples")
    if ProcessInfo.processInfo.environment["WATERFALL_RECORD_README"] == "1" {
      try lines.joined(separator: "\n").write(to: Self.readme, atomically: true, encoding: .utf8)
    }
  }

  /// Splits a command line at spaces, keeping "double-quoted words" whole.
  static func words(_ command: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quoted = false
    for character in command {
      if character == "\"" {
        quoted.toggle()
      } else if character == " ", !quoted {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  static func trimmingTrailingSpaces(_ line: String) -> String {
    String(line.reversed().drop { $0 == " " }.reversed())
  }
}
