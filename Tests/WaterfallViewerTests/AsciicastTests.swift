import Foundation
import Testing
import WaterfallKit

@testable import WaterfallViewer

@Suite("Asciicast recordings")
struct AsciicastTests {
  @Test("written recordings read back: header, size, arguments, events and their times")
  func roundTrip() throws {
    let cast = Asciicast(
      width: 90, height: 25, timestamp: 1_700_000_000, arguments: ["--latency", "300", "my shop's \"best\""],
      events: [
        .init(time: 0.008, kind: .output, data: "\u{1B}[2J\u{1B}[1;1Hhello ✨ 连衣裙\n\t\\"),
        .init(time: 1.5, kind: .input, data: "j"),
        .init(time: 1.5, kind: .resize, data: "80x24"),
        .init(time: 2.25, kind: .input, data: "\u{1B}[<0;3;4M\u{7F}"),
      ])
    #expect(try AsciicastReader.parse(cast.text) == cast)
    let header = try #require(
      try JSONSerialization.jsonObject(with: Data(cast.headerLine.utf8)) as? [String: Any])
    #expect(header["version"] as? Int == 2)
    #expect(header["command"] as? String == "waterfall --latency 300 'my shop'\\''s \"best\"'")
  }

  @Test("the config's key bindings are kept in the header, in a fixed order, and read back")
  func keyBindings() throws {
    let cast = Asciicast(
      width: 80, height: 24, keys: [.character("x"): .quit, .control("n"): .stepDown, .character(" "): .pageDown])
    #expect(
      cast.headerLine.hasSuffix(
        "\"waterfall_keys\": {\"Ctrl-N\": \"step-down\", \"Space\": \"page-down\", \"x\": \"quit\"}}"),
      "\(cast.headerLine)")
    #expect(try AsciicastReader.parse(cast.text) == cast)
    #expect(!Asciicast(width: 80, height: 24).headerLine.contains("waterfall_keys"), "no bindings, no field")
  }

  @Test("every line is JSON: the header an object, each event [time, code, data]")
  func jsonLines() throws {
    let text = Asciicast(width: 10, height: 5, events: [.init(time: 0.1234567, kind: .output, data: "\u{0}\u{1F}é")])
      .text
    let lines = text.split(separator: "\n")
    #expect(lines.count == 2)
    let event = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [Any])
    #expect(event[1] as? String == "o" && event[2] as? String == "\u{0}\u{1F}é")
    #expect(lines[1].hasPrefix("[0.123457, "))
  }

  @Test(
    "bad recordings are refused with the line",
    arguments: [
      ("", 1, "not an asciicast header"),
      ("{\"version\": 1, \"width\": 80, \"height\": 24}", 1, "only asciicast version 2"),
      ("{\"version\": 2, \"width\": 0, \"height\": 24}", 1, "width and height"),
      ("{\"version\": 2, \"width\": 80, \"height\": 1e300}", 1, "width and height"),
      ("{\"version\": 2, \"width\": 80, \"height\": 24, \"waterfall_arguments\": [1]}", 1, "list of strings"),
      ("{\"version\": 2, \"width\": 80, \"height\": 24, \"waterfall_keys\": [\"x\"]}", 1, "an object of key names"),
      (
        "{\"version\": 2, \"width\": 80, \"height\": 24, \"waterfall_keys\": {\"xy\": \"quit\"}}", 1,
        "\"xy\" is not a key"
      ),
      (
        "{\"version\": 2, \"width\": 80, \"height\": 24, \"waterfall_keys\": {\"x\": \"fly\"}}", 1, "\"x\" is not a key"
      ),
      (
        "{\"version\": 2, \"width\": 80, \"height\": 24, \"waterfall_keys\": {\"C-n\": \"quit\", \"Ctrl-N\": \"quit\"}}",
        1, "bound twice"
      ),
      ("{\"version\": 2, \"width\": 80, \"height\": 24}\n[1, \"i\"]", 2, "an event is"),
      ("{\"version\": 2, \"width\": 80, \"height\": 24}\n[2, \"i\", \"j\"]\n[1, \"i\", \"k\"]", 3, "must not go back"),
      ("{\"version\": 2, \"width\": 80, \"height\": 24}\n[1e9, \"i\", \"j\"]", 2, "must not go back"),
      ("{\"version\": 2, \"width\": 80, \"height\": 24}\n[1, \"r\", \"huge\"]", 2, "a resize is"),
    ])
  func refused(text: String, line: Int, message: String) {
    do {
      _ = try AsciicastReader.parse(text)
      Issue.record("parsed")
    } catch {
      #expect(error.line == line, "\(error)")
      #expect(error.description.contains(message), "\(error)")
    }
  }

  @Test("markers and other event kinds are skipped; blank lines too")
  func otherKinds() throws {
    let cast = try AsciicastReader.parse(
      "{\"version\": 2, \"width\": 80, \"height\": 24}\n[1, \"m\", \"\"]\n\n[2, \"i\", \"q\"]\n")
    #expect(cast.events == [.init(time: 2, kind: .input, data: "q")])
  }

  @Test("a replay script feeds each input at its time, the time between a tick at a time")
  func replayScript() {
    let cast = Asciicast(
      width: 80, height: 24,
      events: [
        .init(time: 0.01, kind: .output, data: "x"), .init(time: 0.12, kind: .input, data: "j"),
        .init(time: 0.12, kind: .resize, data: "70x20"), .init(time: 0.2, kind: .input, data: "q"),
      ])
    let steps = ReplayScript.steps(cast) { bytes in bytes == "j" ? [.key(.down)] : [.key(.character("q"))] }
    #expect(
      steps == [
        .wait(50), .wait(50), .wait(20), .event(.key(.down)), .event(.resize(width: 70, height: 20)), .wait(50),
        .wait(30), .event(.key(.character("q"))),
      ])
  }

  @Test("a terminal that receives the encoded frames shows the same screen (every step of a session)")
  func frameEncodingReplaysTheScreen() throws {
    let run = AppFixture.runner(items: AppFixture.items(40), width: 60, height: 20)
    var encoder = TerminalFrameEncoder()
    var terminal = TinyTerminal(width: 60, height: 20)
    terminal.apply(encoder.encode(run.screen))
    #expect(terminal.text == run.screen.text)
    for step in try KeyScript.parse("j j C-d l Enter Escape PageDown resize:50x18 G : 3 Enter g") {
      run.apply(step)
      // A recording keeps a size change as a resize event; the terminal that plays it resizes.
      if run.screen.width != terminal.width || run.screen.height != terminal.height {
        terminal = TinyTerminal(width: run.screen.width, height: run.screen.height)
      }
      terminal.apply(encoder.encode(run.screen))
      #expect(terminal.text == run.screen.text)
    }
    #expect(encoder.encode(run.screen).isEmpty, "nothing changed, nothing sent")
  }
}

/// Just enough of a terminal to check the encoder: clear, cursor position, SGR (ignored), text with wide
/// characters.
private struct TinyTerminal {
  var width: Int
  var height: Int
  var rows: [[Character?]]
  var x = 0
  var y = 0

  init(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    rows = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  mutating func apply(_ bytes: String) {
    var characters = Array(bytes)[...]
    while let character = characters.popFirst() {
      if character == "\u{1B}" {
        guard characters.popFirst() == "[" else { continue }
        var parameters = ""
        while let next = characters.popFirst() {
          if next.isLetter {
            command(next, parameters)
            break
          }
          parameters.append(next)
        }
        continue
      }
      let columns = DisplayWidth.of(character)
      if let first = rows[y][x], DisplayWidth.of(first) == 2, x + 1 < width { rows[y][x + 1] = " " }
      rows[y][x] = character
      if columns == 2, x + 1 < width { rows[y][x + 1] = nil }
      x += columns
      if x >= width { x = width - 1 }
    }
  }

  private mutating func command(_ final: Character, _ parameters: String) {
    switch final {
    case "J": rows = Array(repeating: Array(repeating: " ", count: width), count: height)
    case "H":
      let numbers = parameters.split(separator: ";").compactMap { Int($0) }
      (y, x) = (numbers.first.map { $0 - 1 } ?? 0, numbers.dropFirst().first.map { $0 - 1 } ?? 0)
    default: break
    }
  }

  var text: String {
    rows.map { row in
      var line = String(row.compactMap { $0 })
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
