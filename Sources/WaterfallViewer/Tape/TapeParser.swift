/// Reads a tape: VHS's commands that mean something to a terminal program, and the viewer's own (`Click`,
/// `Wheel`, `Resize`, `WaitSettled`). One command per line. Pure: text in, commands or the first problem (with
/// its line and column) out; nothing is run, read or written here.
public enum TapeParser {
  /// Settings of how a tape's pictures (GIF, WebP, PNG) are drawn: kept with their values for the drawing.
  static let pictureSettings: Set<String> = [
    "FontSize", "FontFamily", "Theme", "Padding", "Framerate", "PlaybackSpeed", "LoopOffset", "LineHeight",
    "CursorBlink",
  ]
  /// Settings that only change how VHS draws its window around the terminal, or its shell.
  static let drawingSettings: Set<String> = [
    "Margin", "MarginFill", "WindowBar", "WindowBarSize", "BorderRadius", "Shell", "LetterSpacing",
  ]
  /// Longest `Sleep`, wait or typing delay: an hour of simulated time.
  public static let maximumMilliseconds = 3_600_000
  /// Most repeats of one key (`Down 10000`).
  public static let maximumCount = 10_000
  /// Largest cell count for `Set Width`/`Set Height` (above 400 they are VHS's pixels and ignored).
  static let maximumPixels = 100_000

  public static func parse(_ text: String) throws(TapeError) -> [TapeCommand] {
    var cursor = TokenCursor(tokens: try TapeLexer.tokens(text))
    var commands: [TapeCommand] = []
    while let first = cursor.next() {
      guard first.kind == .word else {
        throw TapeError("expected a command, found \(describe(first))", at: first.location)
      }
      let action = try command(first, &cursor)
      if let extra = cursor.peekOnLine(first.location.line) {
        throw TapeError("unexpected \(describe(extra)) after \(first.text)", at: extra.location)
      }
      commands.append(TapeCommand(action, at: first.location, source: cursor.source(since: first)))
    }
    return commands
  }

  private static func command(_ name: TapeToken, _ cursor: inout TokenCursor) throws(TapeError) -> TapeCommand.Action {
    let line = name.location.line
    if let key = TapeKey(rawValue: name.text) {
      let speed = try optionalSpeed(&cursor, line: line)
      return .key(key, count: try optionalCount(&cursor, line: line), perKeyMilliseconds: speed)
    }
    switch name.text {
    case "Output":
      return .output(path: try path(after: name, &cursor))
    case "Screenshot":
      return .screenshot(path: try path(after: name, &cursor))
    case "Set":
      return try setting(after: name, &cursor)
    case "Type":
      let speed = try optionalSpeed(&cursor, line: line)
      var parts: [String] = []
      while let string = cursor.peekOnLine(line), string.kind == .string {
        parts.append(cursor.next()!.text)
      }
      guard !parts.isEmpty else { throw TapeError("Type expects a quoted string", at: name.location) }
      return .type(parts.joined(separator: " "), perCharacterMilliseconds: speed)
    case "Sleep":
      return .sleep(milliseconds: try duration(after: name, &cursor))
    case "Wait":
      var scope = TapeCommand.WaitScope.line
      if cursor.peekOnLine(line)?.kind == .plus {
        _ = cursor.next()
        let which = try cursor.expectOnLine(line, .word, "Wait+ expects Line or Screen", at: name.location)
        switch which.text {
        case "Line": scope = .line
        case "Screen": scope = .screen
        default: throw TapeError("Wait+ expects Line or Screen, found \(describe(which))", at: which.location)
        }
      }
      let timeout = try optionalSpeed(&cursor, line: line)
      var pattern: String?
      if let regex = cursor.peekOnLine(line), regex.kind == .regex {
        _ = cursor.next()
        try checkRegex(regex)
        pattern = regex.text
      }
      return .wait(scope, pattern: pattern, timeoutMilliseconds: timeout)
    case "WaitSettled":
      return .waitSettled(timeoutMilliseconds: try optionalSpeed(&cursor, line: line))
    case "Hide": return .hide
    case "Show": return .show
    case "Ctrl":
      _ = try cursor.expectOnLine(line, .plus, "Ctrl expects +, as in Ctrl+C", at: name.location)
      let key = try cursor.expectOnLine(line, .word, "Ctrl+ expects a letter, as in Ctrl+C", at: name.location)
      guard key.text.count == 1, let letter = key.text.first, letter.isASCII, letter.isLetter else {
        let what =
          ["Alt", "Shift"].contains(key.text) ? "Ctrl with \(key.text) is not supported" : "Ctrl+ expects one letter"
        throw TapeError("\(what), found \(describe(key))", at: key.location)
      }
      return .control(Character(letter.lowercased()))
    case "Alt", "Shift":
      throw TapeError("\(name.text) keys are not supported: the viewer binds none", at: name.location)
    case "Source", "Copy", "Paste":
      throw TapeError("\(name.text) is not supported by waterfall", at: name.location)
    case "Require":
      _ = try cursor.expectValueOnLine(line, "Require expects a program name", at: name.location)
      return .ignoredCommand("Require")
    case "Env":
      _ = try cursor.expectValueOnLine(line, "Env expects a name and a value", at: name.location)
      _ = try cursor.expectValueOnLine(line, "Env expects a name and a value", at: name.location)
      return .ignoredCommand("Env")
    case "Click":
      let x = try number(after: name, &cursor, "Click expects X Y (0-based column and row)")
      let y = try number(after: name, &cursor, "Click expects X Y (0-based column and row)")
      return .click(x: x, y: y)
    case "Wheel":
      let direction = try cursor.expectOnLine(line, .word, "Wheel expects Up or Down, then X Y", at: name.location)
      guard direction.text == "Up" || direction.text == "Down" else {
        throw TapeError("Wheel expects Up or Down, found \(describe(direction))", at: direction.location)
      }
      let x = try number(after: name, &cursor, "Wheel expects Up or Down, then X Y")
      let y = try number(after: name, &cursor, "Wheel expects Up or Down, then X Y")
      return .wheel(up: direction.text == "Up", x: x, y: y, count: 1)
    case "ScrollUp", "ScrollDown":
      _ = try optionalSpeed(&cursor, line: line)
      return .wheel(up: name.text == "ScrollUp", x: nil, y: nil, count: try optionalCount(&cursor, line: line))
    case "Resize":
      let size = try cursor.expectOnLine(line, .word, "Resize expects WIDTHxHEIGHT, as in 120x40", at: name.location)
      do {
        let parsed = try KeyScript.parseSize(size.text)
        return .resize(width: parsed.width, height: parsed.height)
      } catch {
        throw TapeError("Resize \(size.text): \(error.reason)", at: size.location)
      }
    default:
      throw TapeError("unknown command \(describe(name))", at: name.location)
    }
  }

  private static func setting(after set: TapeToken, _ cursor: inout TokenCursor) throws(TapeError) -> TapeCommand.Action
  {
    let line = set.location.line
    let name = try cursor.expectOnLine(line, .word, "Set expects a setting and a value", at: set.location)
    switch name.text {
    case "Width", "Height":
      let value = try number(after: name, &cursor, "Set \(name.text) expects a whole number", limit: maximumPixels)
      guard value > 0 else { throw TapeError("Set \(name.text) must be positive", at: name.location) }
      return name.text == "Width" ? .setWidth(value) : .setHeight(value)
    case "WaitTimeout":
      return .setWaitTimeout(milliseconds: try duration(after: name, &cursor))
    case "TypingSpeed":
      return .setTypingSpeed(milliseconds: try duration(after: name, &cursor))
    case let setting where pictureSettings.contains(setting):
      let value = try cursor.expectValueOnLine(line, "Set \(setting) expects a value", at: name.location)
      // `Set LoopOffset 20 %`, `Set FontSize 22 px`: a unit may follow as its own word.
      if let unit = cursor.peekOnLine(line), unit.kind == .word, ["%", "px", "em"].contains(unit.text) {
        return .pictureSetting(setting, value: value.text + cursor.next()!.text)
      }
      return .pictureSetting(setting, value: value.text)
    case "WaitPattern":
      let pattern = try cursor.expectValueOnLine(line, "Set WaitPattern expects a pattern", at: name.location)
      try checkRegex(pattern)
      return .setWaitPattern(pattern.text)
    case let setting where drawingSettings.contains(setting):
      _ = try cursor.expectValueOnLine(line, "Set \(setting) expects a value", at: name.location)
      // `Set TypingSpeed 100 ms`, `Set LoopOffset 20 %`: a unit may follow as its own word.
      if let unit = cursor.peekOnLine(line), unit.kind == .word, ["ms", "s", "m", "%", "px", "em"].contains(unit.text) {
        _ = cursor.next()
      }
      return .ignoredSetting(setting)
    default:
      throw TapeError("unknown setting \(describe(name))", at: name.location)
    }
  }

  private static func path(after name: TapeToken, _ cursor: inout TokenCursor) throws(TapeError) -> String {
    let path = try cursor.expectValueOnLine(name.location.line, "\(name.text) expects a file path", at: name.location)
    guard path.kind == .word || path.kind == .string, !path.text.isEmpty else {
      throw TapeError("\(name.text) expects a file path, found \(describe(path))", at: path.location)
    }
    return path.text
  }

  private static func number(
    after name: TapeToken, _ cursor: inout TokenCursor, _ message: String, limit: Int = 100_000
  ) throws(TapeError) -> Int {
    let token = try cursor.expectOnLine(name.location.line, .word, message, at: name.location)
    guard token.text.allSatisfy(\.isASCII), let value = Int(token.text), value >= 0, value <= limit else {
      throw TapeError("\(message), found \(describe(token))", at: token.location)
    }
    return value
  }

  /// `@500ms` after a command: a typing speed or a timeout.
  private static func optionalSpeed(_ cursor: inout TokenCursor, line: Int) throws(TapeError) -> Int? {
    guard let at = cursor.peekOnLine(line), at.kind == .at else { return nil }
    _ = cursor.next()
    return try duration(after: at, &cursor)
  }

  private static func optionalCount(_ cursor: inout TokenCursor, line: Int) throws(TapeError) -> Int {
    guard let token = cursor.peekOnLine(line), token.kind == .word, token.text.first?.isNumber == true else {
      return 1
    }
    _ = cursor.next()
    guard token.text.allSatisfy(\.isASCII), let count = Int(token.text), count >= 1, count <= maximumCount else {
      throw TapeError(
        "a count is a whole number from 1 to \(maximumCount), found \(describe(token))", at: token.location)
    }
    return count
  }

  /// `500ms`, `2s`, `1m`, `0.5` (seconds, as in VHS), or a number and its unit as two words.
  private static func duration(after name: TapeToken, _ cursor: inout TokenCursor) throws(TapeError) -> Int {
    let line = name.location.line
    let token = try cursor.expectOnLine(line, .word, "expected a time, as in 500ms or 2s", at: name.location)
    var text = token.text
    if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let unit = cursor.peekOnLine(line), unit.kind == .word, ["ms", "s", "m"].contains(unit.text)
    {
      text += cursor.next()!.text
    }
    guard let milliseconds = milliseconds(text) else {
      throw TapeError("expected a time, as in 500ms or 2s, found \(describe(token))", at: token.location)
    }
    guard milliseconds <= maximumMilliseconds else {
      throw TapeError("\(token.text) is longer than the longest time, 1 hour", at: token.location)
    }
    return milliseconds
  }

  static func milliseconds(_ text: String) -> Int? {
    let (number, scale): (Substring, Double) =
      if text.hasSuffix("ms") { (text.dropLast(2), 1) } else if text.hasSuffix("s") {
        (text.dropLast(), 1000)
      } else if text.hasSuffix("m") { (text.dropLast(), 60_000) } else { (text[...], 1000) }
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      number.filter({ $0 == "." }).count <= 1, number != ".", let value = Double(number)
    else { return nil }
    let milliseconds = (value * scale).rounded()
    return milliseconds <= Double(maximumMilliseconds) * 2 ? Int(milliseconds) : Int.max
  }

  private static func checkRegex(_ token: TapeToken) throws(TapeError) {
    do {
      _ = try Regex(token.text)
    } catch {
      throw TapeError("not a regular expression /\(token.text)/: \(error)", at: token.location)
    }
  }

  static func describe(_ token: TapeToken) -> String {
    switch token.kind {
    case .word: "\"\(token.text)\""
    case .string: "the string \"\(token.text)\""
    case .regex: "/\(token.text)/"
    case .json: "a {…} value"
    case .at: "@"
    case .plus: "+"
    }
  }
}

/// Reads tokens one by one; a command's arguments must be on its line.
struct TokenCursor {
  private let tokens: [TapeToken]
  private var index = 0

  init(tokens: [TapeToken]) { self.tokens = tokens }

  mutating func next() -> TapeToken? {
    guard index < tokens.count else { return nil }
    defer { index += 1 }
    return tokens[index]
  }

  func peekOnLine(_ line: Int) -> TapeToken? {
    index < tokens.count && tokens[index].location.line == line ? tokens[index] : nil
  }

  mutating func expectOnLine(
    _ line: Int, _ kind: TapeToken.Kind, _ message: String, at location: TapeLocation
  ) throws(TapeError) -> TapeToken {
    guard let token = peekOnLine(line) else { throw TapeError(message, at: location) }
    guard token.kind == kind else {
      throw TapeError("\(message), found \(TapeParser.describe(token))", at: token.location)
    }
    index += 1
    return token
  }

  /// A word, string, regex or JSON value.
  mutating func expectValueOnLine(
    _ line: Int, _ message: String, at location: TapeLocation
  ) throws(TapeError)
    -> TapeToken
  {
    guard let token = peekOnLine(line) else { throw TapeError(message, at: location) }
    guard token.kind != .at, token.kind != .plus else {
      throw TapeError("\(message), found \(TapeParser.describe(token))", at: token.location)
    }
    index += 1
    return token
  }

  /// The tokens from `first` to the last one read, written back as a tape would have them.
  func source(since first: TapeToken) -> String {
    guard let start = tokens[..<index].lastIndex(of: first) else { return first.text }
    var text = ""
    var previous: TapeToken.Kind?
    for token in tokens[start..<index] {
      let glued = previous == .at || previous == .plus || token.kind == .at || token.kind == .plus
      if previous != nil, !glued { text += " " }
      switch token.kind {
      case .string:
        // A string has no escapes: it was quoted with a quote it does not hold, and is written back so.
        let quote = ["\"", "'", "`"].first { !token.text.contains($0) } ?? "\""
        text += quote + token.text + quote
      case .regex: text += "/\(token.text)/"
      default: text += token.text
      }
      previous = token.kind
    }
    return text
  }
}
