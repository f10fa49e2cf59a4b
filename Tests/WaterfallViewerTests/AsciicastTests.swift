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
      ("{\"version\": 4, \"width\": 80, \"height\": 24}", 1, "only asciicast versions 1, 2 and 3"),
      ("{\"version\": 1, \"width\": 80, \"height\": 24}", 1, "stdout must be a list"),
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
    Self.expectRefused(text, line: line, message: message)
  }

  /// `text` is refused, at `line`, with words holding `message`.
  static func expectRefused(
    _ text: String, line: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try AsciicastReader.parse(text)
      Issue.record("parsed", sourceLocation: sourceLocation)
    } catch {
      #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
      #expect(error.description.contains(message), "\(error)", sourceLocation: sourceLocation)
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
      #expect(terminal.styleMismatches(run.screen).isEmpty, "\(terminal.styleMismatches(run.screen).prefix(3))")
    }
    #expect(encoder.encode(run.screen).isEmpty, "nothing changed, nothing sent")
  }

  @Test("a change of colour alone sends only that colour; a change of attributes starts from a reset")
  func colourChanges() {
    var screen = Screen(width: 4, height: 1)
    screen.put("a", x: 0, y: 0, style: Style(foreground: .palette(104), background: .palette(111)))
    screen.put("b", x: 1, y: 0, style: Style(foreground: .palette(98), background: .palette(111)))
    screen.put("c", x: 2, y: 0, style: Style(foreground: .palette(98), background: .standard))
    screen.put("d", x: 3, y: 0, style: Style(foreground: .rgb(1, 2, 3), attributes: .bold))
    var encoder = TerminalFrameEncoder()
    let bytes = encoder.encode(screen)
    #expect(
      bytes.hasSuffix("\u{1B}[0;38;5;104;48;5;111ma\u{1B}[38;5;98mb\u{1B}[49mc\u{1B}[0;1;38;2;1;2;3md\u{1B}[0m"),
      "\(bytes.debugDescription)")
    var terminal = TinyTerminal(width: 4, height: 1)
    terminal.apply(bytes)
    #expect(terminal.styleMismatches(screen).isEmpty)
  }
}

extension AsciicastTests {
  @Test("a recorder's encoder writes the frame already escaped: the same as the plain bytes put in a JSON string")
  func escapedEncoding() {
    var screen = Screen(width: 12, height: 2)
    // Quotes and backslashes in text, a long cluster (interned), a wide character, colour and a picture cell.
    screen.put("say \"hi\" \\", x: 0, y: 0, style: Style(foreground: .palette(104)))
    screen.put("👨‍👩‍👧 中é", x: 0, y: 1, style: Style(background: .rgb(1, 2, 3), attributes: .bold))
    screen.put(pictureCharacter: "▀", x: 11, y: 1, style: Style(foreground: .rgb(9, 8, 7)))
    var next = screen
    next.put("\"", x: 3, y: 1, style: Style(foreground: .red))
    var plain = TerminalFrameEncoder()
    var escaped = TerminalFrameEncoder(escapingForJSON: true)
    for frame in [screen, next, next] {
      let expected = Asciicast.jsonString(plain.encode(frame))
      let got = String(decoding: escaped.encodeBytes(frame), as: UTF8.self)
      #expect("\"" + got + "\"" == expected)
    }
  }
}

/// Just enough of a terminal to check the encoder: clear, cursor position, SGR colours and attributes, text with
/// wide characters.
private struct TinyTerminal {
  var width: Int
  var height: Int
  var rows: [[Character?]]
  var styles: [[Style]]
  var style = Style.plain
  var x = 0
  var y = 0

  init(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    rows = Array(repeating: Array(repeating: " ", count: width), count: height)
    styles = Array(repeating: Array(repeating: .plain, count: width), count: height)
  }

  /// The cells whose style differs from the screen's: `(x, y, terminal's, screen's)`.
  func styleMismatches(_ screen: Screen) -> [(Int, Int, Style, Style)] {
    var found: [(Int, Int, Style, Style)] = []
    for row in 0..<height {
      for column in 0..<width where !screen[column, row].isContinuation {
        if styles[row][column] != screen[column, row].style {
          found.append((column, row, styles[row][column], screen[column, row].style))
        }
      }
    }
    return found
  }

  private static let basic: [TerminalColor] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]

  private mutating func select(_ parameters: String) {
    var numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
    if numbers.isEmpty { numbers = [0] }
    func colour() -> TerminalColor {
      switch numbers.popFirst() {
      case 5: return .palette(UInt8(numbers.popFirst() ?? 0))
      default:
        let (red, green, blue) = (numbers.popFirst() ?? 0, numbers.popFirst() ?? 0, numbers.popFirst() ?? 0)
        return .rgb(UInt8(red), UInt8(green), UInt8(blue))
      }
    }
    while let number = numbers.popFirst() {
      switch number {
      case 0: style = .plain
      case 1: style.attributes.insert(.bold)
      case 2: style.attributes.insert(.dim)
      case 7: style.attributes.insert(.reverse)
      case 30...37: style.foreground = Self.basic[number - 30]
      case 39: style.foreground = .standard
      case 40...47: style.background = Self.basic[number - 40]
      case 49: style.background = .standard
      case 38: style.foreground = colour()
      case 48: style.background = colour()
      default: break
      }
    }
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
      styles[y][x] = style
      if columns == 2, x + 1 < width { rows[y][x + 1] = nil }
      x += columns
      if x >= width { x = width - 1 }
    }
  }

  private mutating func command(_ final: Character, _ parameters: String) {
    switch final {
    case "J": rows = Array(repeating: Array(repeating: " ", count: width), count: height)
    case "m": select(parameters)
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
