import Foundation
import TestSupport
import Testing

/// Abuse through the real binary: many resizes, hostile data in the terminal's byte stream. An extension of the
/// one serialized end-to-end suite, so no two tmux tests run at once.
extension ViewerEndToEndTests {
  @Test("100 resizes in a row end with the same screen a fresh start at that size shows")
  func hundredResizes() throws {
    let pane = try TmuxPane(arguments: [])
    try pane.waitForFirstFrame()
    var random = UInt64(12345)
    for _ in 0..<100 {
      random = random &* 6_364_136_223_846_793_005 &+ 1
      let width = 20 + Int((random >> 33) % 150)
      let height = 5 + Int((random >> 20) % 50)
      try pane.resize(width: width, height: height)
    }
    try pane.resize(width: 90, height: 28)
    let expected = try snapshot(size: "90x28")
    let screen = try pane.waitForScreen { Self.trimmed($0) == expected }
    #expect(Self.trimmed(screen) == expected)
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }
  }

  @Test("a hostile dataset puts no control sequence from the data into the terminal's byte stream")
  func hostileBytes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let hostile = [
      "\u{1B}]0;PWNED-TITLE\u{07}VISIBLE-ONE", "\u{1B}]52;c;cHduZWQ=\u{1B}\\VISIBLE-TWO", "\u{9B}6nVISIBLE-THREE",
      "\u{1B}[6n\u{1B}P+q544e\u{1B}\\VISIBLE-FOUR", "\u{202E}\u{2066}VISIBLE-FIVE\u{200B}\u{FEFF}",
      "\u{9D}8;;http://evil\u{9C}VISIBLE-SIX\u{07}",
    ]
    let records = hostile.enumerated().map { index, title -> [String: Any] in
      [
        "w": 200, "h": 150, "price": "¥\(index)\u{1B}[5m", "title": title, "img": "x\u{1B}]8;;y\u{07}",
        "note\u{1B}[1m": title,
      ]
    }
    let data = try JSONSerialization.data(withJSONObject: records)
    let file = folder.appendingPathComponent("hostile.json")
    try data.write(to: file)

    let pane = try TmuxPane(
      arguments: ["--data", file.path, "--columns", "3"], captureRawOutput: true)
    try pane.waitForScreen { $0.contains("VISIBLE-ONE") }
    // Open the detail of several boxes, where the extra field and the URL show too.
    // Each waits for what the viewer shows, not for a while: the panel open, then closed.
    for (x, y) in [(5, 3), (40, 3), (70, 3), (5, 12), (40, 12)] {
      try pane.send(literal: "\u{1B}[<0;\(x);\(y)M\u{1B}[<0;\(x);\(y)m")
      try pane.waitForScreen { $0.contains("Esc closes") }
      try pane.send(keys: ["Escape"])
      try pane.waitForScreen { !$0.contains("Esc closes") }
    }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }
    let raw = try Data(contentsOf: pane.rawOutput)
    #expect(raw.count > 1000, "the raw output was captured")
    let bytes = [UInt8](raw)
    let forbidden: [(String, [UInt8])] = [
      ("OSC", [0x1B, 0x5D]), ("DCS", [0x1B, 0x50]), ("device status report", Array("\u{1B}[6n".utf8)),
      ("blink", Array("\u{1B}[5m".utf8)), ("C1 CSI", [0xC2, 0x9B]), ("C1 OSC", [0xC2, 0x9D]), ("C1 ST", [0xC2, 0x9C]),
      ("RLO", [0xE2, 0x80, 0xAE]), ("LRI", [0xE2, 0x81, 0xA6]), ("ZWSP", [0xE2, 0x80, 0x8B]),
      ("BOM", [0xEF, 0xBB, 0xBF]),
      ("BEL", [0x07]), ("payload", Array("PWNED".utf8)), ("clipboard payload", Array("cHduZWQ".utf8)),
    ]
    for (name, sequence) in forbidden {
      #expect(!contains(bytes, sequence), "\(name) reached the terminal")
    }
    #expect(contains(bytes, Array("VISIBLE-FIVE".utf8)), "the visible text did")
  }

  private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if Array(haystack[start..<start + needle.count]) == needle { return true }
    }
    return false
  }

  @Test("grapheme clusters reach the terminal whole: tmux shows what snapshot shows, before and after scrolling")
  func graphemeClusters() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "waterfall-graphemes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let titles = [
      "Cafe\u{301} NFD accent", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8} jamo", "flag \u{1F1EF}\u{1F1F5} JP",
      "family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} ZWJ", "hindi \u{915}\u{93F}\u{924}\u{93E}\u{92C}",
      "nepali \u{928}\u{92E}\u{938}\u{94D}\u{924}\u{947}", "thai \u{E01}\u{E34}\u{E19}\u{E02}\u{E49}\u{E32}\u{E27}",
    ]
    let records = titles.map { ["w": 300, "h": 30, "price": "¥1", "title": $0] as [String: Any] }
    let file = folder.appendingPathComponent("graphemes.json")
    try JSONSerialization.data(withJSONObject: records).write(to: file)
    let arguments = ["--no-images", "--columns", "1", file.path]
    let pane = try TmuxPane(arguments: arguments, width: 60, height: 24)
    // Keys sent to the pane step by step; the snapshot replays all of them so far.
    var script: [String] = []
    for step in [[], ["j", "j", "j", "j", "j"], ["k", "k"]] {
      if !step.isEmpty { try pane.send(keys: step) }
      script += step
      let keys = script.joined(separator: " ")
      let expected = try snapshot(size: "60x24", arguments: arguments + ["--keys", keys])
      let screen = try pane.waitForScreen { Self.trimmed($0) == expected }
      #expect(Self.trimmed(screen) == expected, "after \"\(keys)\"")
    }
    try pane.send(keys: ["q"])
    try pane.waitForScreen { $0.contains("EXIT=0") }
  }

  private func snapshot(size: String, arguments: [String] = []) throws -> String {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    // Unset NO_COLOR as the pane does (swift test sets it), so both draw pictures alike.
    let status = try ChildProcess.run(
      ["env", "-u", "NO_COLOR", TmuxPane.binary, "snapshot", "--size", size] + arguments, outputPath: output)
    #expect(status == 0)
    return Self.trimmed(try String(contentsOfFile: output, encoding: .utf8))
  }

  fileprivate static func trimmed(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }
}
