import Foundation
import Testing

/// The README's and docs/' screen samples are what the binary prints: each fenced block after a
/// `<!-- sample: ARGUMENTS -->` line in README.md or a docs/*.md page is compared with `waterfall ARGUMENTS`. With
/// WATERFALL_RECORD_README=1 the file that holds each sample is rewritten from the binary instead.
@Suite("The README's and docs' samples")
struct ReadmeSampleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let recording = ProcessInfo.processInfo.environment["WATERFALL_RECORD_README"] == "1"

  /// README.md, then every docs/*.md in name order: a sample may move between them with the text around it.
  static func documents() throws -> [URL] {
    let docs = root.appendingPathComponent("docs")
    let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
    return [root.appendingPathComponent("README.md")] + pages.map { docs.appendingPathComponent($0) }
  }

  @Test("every sample in the README and docs/ is what the binary prints today")
  func samplesMatchTheBinary() throws {
    try TmuxPane.requireUsableBinary()
    var samples = 0
    for document in try Self.documents() {
      samples += try Self.checkSamples(in: document)
    }
    // Counted over every file, so a sample that moves still counts and a marker lost in the move does not pass.
    #expect(samples > 0, "the README and docs/ have samples")
  }

  /// Compares each sample in `document` with the binary, or with WATERFALL_RECORD_README=1 rewrites it there;
  /// returns how many samples the file holds.
  static func checkSamples(in document: URL) throws -> Int {
    var lines = try String(contentsOf: document, encoding: .utf8).components(separatedBy: "\n")
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
      if Self.recording {
        lines.replaceSubrange((open + 1)..<close, with: printed)
      } else {
        #expect(
          Array(written) == Array(printed),
          "\(document.lastPathComponent) sample `waterfall \(command)` drifted; rerun with WATERFALL_RECORD_README=1")
      }
      samples += 1
    }
    // Only a file with samples is written, so recording leaves the others untouched.
    if Self.recording, samples > 0 {
      try lines.joined(separator: "\n").write(to: document, atomically: true, encoding: .utf8)
    }
    return samples
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
