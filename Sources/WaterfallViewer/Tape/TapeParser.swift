/// Reads a tape as VHS's parser (`parser/parser.go`) does: a command takes the tokens its grammar wants and the
/// next command starts at the token after them, wherever it is (`Type "q" Enter`, `Sleep .3 Tab Sleep .3`); a
/// problem is recorded with its line and column and reading goes on, so every problem is named at once. On top
/// of VHS: `Home`, `Click`, `Wheel`, `Resize`, `WaitSettled`, `Screenshot` of `.txt`/`.ansi`, and `Output` or
/// `Screenshot` of a path starting with `/`. Pure: text in, commands and problems out; `Source` reads through
/// the caller's `readTape`.
public enum TapeParser {
  /// The text of the tape `Source` names (the caller resolves the path, relative to the tape), `nil` when there
  /// is none to read.
  public typealias ReadTape = (_ path: String) -> String?

  /// Settings of how a tape's pictures (GIF, WebP, PNG) are drawn: kept with their values for the drawing.
  static let pictureSettings: Set<String> = [
    "FontSize", "FontFamily", "Theme", "Padding", "Framerate", "PlaybackSpeed", "LoopOffset", "LineHeight",
    "CursorBlink", "Margin", "MarginFill", "WindowBar", "WindowBarSize", "BorderRadius",
  ]
  /// Settings of VHS's shell and font spacing, which mean nothing here.
  static let ignoredSettings: Set<String> = ["Shell", "LetterSpacing"]
  /// VHS's settings (`token.IsSetting`).
  static let settings: Set<String> =
    pictureSettings.union(ignoredSettings).union(["Width", "Height", "TypingSpeed", "WaitTimeout", "WaitPattern"])
  /// Longest `Sleep`, wait or typing delay: an hour of simulated time.
  public static let maximumMilliseconds = 3_600_000
  /// Most repeats of one key (`Down 10000`).
  public static let maximumCount = 10_000
  /// Largest `Set Width`/`Set Height` in pixels read (pictures are refused far below it).
  static let maximumPixels = 100_000

  /// The commands, or the first problem.
  public static func parse(_ text: String, readTape: ReadTape? = nil) throws(TapeError) -> [TapeCommand] {
    let result = read(text, readTape: readTape)
    if let first = result.problems.first { throw first }
    return result.commands
  }

  /// The commands read and every problem, in the order met.
  public static func read(
    _ text: String, readTape: ReadTape? = nil
  ) -> (
    commands: [TapeCommand], problems: [TapeError]
  ) {
    var reader = TapeReader(text: text, readTape: readTape)
    reader.readAll()
    return (reader.commands, reader.problems)
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

  static func describe(_ token: TapeToken?) -> String {
    guard let token else { return "the end of the tape" }
    return switch token.kind {
    case .string: "the string \"\(token.text)\""
    case .regex: "/\(token.text)/"
    case .json: "a {…} value"
    default: token.text
    }
  }
}

/// One pass over a tape's tokens, `current` being the last taken and `peek` the next, as in VHS's parser.
private struct TapeReader {
  let text: [Unicode.Scalar]
  let tokens: [TapeToken]
  let readTape: TapeParser.ReadTape?
  var index = 0
  var current: TapeToken?
  var commands: [TapeCommand] = []
  var problems: [TapeError] = []

  init(text: String, readTape: TapeParser.ReadTape?) {
    self.text = Array(text.unicodeScalars)
    tokens = TapeLexer.tokens(text)
    self.readTape = readTape
  }

  var peek: TapeToken? { index < tokens.count ? tokens[index] : nil }

  @discardableResult
  mutating func take() -> TapeToken {
    current = tokens[index]
    index += 1
    return current!
  }

  mutating func problem(_ message: String, at token: TapeToken?) {
    let location = (token ?? current ?? tokens.last)?.location ?? TapeLocation(line: 1, column: 1)
    problems.append(TapeError(message, at: location))
  }

  mutating func readAll() {
    while peek != nil {
      let name = take()
      let start = index
      if let action = command(name) {
        let end = max(start, index)
        var source = String.UnicodeScalarView()
        source.append(contentsOf: text[name.span.lowerBound..<tokens[end - 1].span.upperBound])
        commands.append(TapeCommand(action, at: name.location, source: String(source)))
      }
    }
  }

  // MARK: - Commands

  /// The command `name` starts, its arguments taken; `nil` after a problem, or for `Source` (whose commands are
  /// added here).
  private mutating func command(_ name: TapeToken) -> TapeCommand.Action? {
    let word = name.kind == .word ? name.text : ""
    if let key = TapeKey(rawValue: word) {
      let speed = speed()
      guard let count = repeatCount() else { return nil }
      return speed == .invalid ? nil : .key(key, count: count, perKeyMilliseconds: speed.milliseconds)
    }
    switch word {
    case "ScrollUp", "ScrollDown":
      let speed = speed()
      guard let count = repeatCount(), speed != .invalid else { return nil }
      return .wheel(up: word == "ScrollUp", x: nil, y: nil, count: count)
    case "Set": return setting()
    case "Output": return output()
    case "Sleep": return time(after: name).map { .sleep(milliseconds: $0) }
    case "Type":
      let speed = speed()
      guard let text = strings(after: name), speed != .invalid else { return nil }
      return .type(text, perCharacterMilliseconds: speed.milliseconds)
    case "Ctrl": return control()
    case "Alt", "Shift": return modified(by: word == "Alt" ? .alt : .shift)
    case "Hide": return .hide
    case "Show": return .show
    case "Require":
      guard let program = peek, program.isString else {
        problem("Require expects one string", at: peek)
        if peek != nil { take() }
        return nil
      }
      return .require(program: take().text)
    case "Wait": return wait()
    case "Source":
      source()
      return nil
    case "Screenshot": return screenshot()
    case "Copy": return strings(after: name).map { .copy($0) }
    case "Paste": return .paste
    case "Env":
      guard let variable = peek else {
        problem("Env expects a name and a string", at: name)
        return nil
      }
      take()
      guard let value = peek, value.isString else {
        problem("Env expects string", at: peek)
        if peek != nil { take() }
        return nil
      }
      take()
      return .env(name: variable.text, value: value.text)
    // What a viewer needs and VHS lacks.
    case "Click":
      guard let x = number(after: name), let y = number(after: name) else { return nil }
      return .click(x: x, y: y)
    case "Wheel":
      guard let direction = peek, direction.isWord("Up") || direction.isWord("Down") else {
        problem("Wheel expects Up or Down, then X Y, found \(TapeParser.describe(peek))", at: peek ?? name)
        return nil
      }
      take()
      guard let x = number(after: name), let y = number(after: name) else { return nil }
      return .wheel(up: direction.text == "Up", x: x, y: y, count: 1)
    case "Resize": return resize(name)
    case "WaitSettled":
      let speed = speed()
      return speed == .invalid ? nil : .waitSettled(timeoutMilliseconds: speed.milliseconds)
    default:
      problem("Invalid command: \(name.text)", at: name)
      return nil
    }
  }

  private mutating func output() -> TapeCommand.Action? {
    guard let path = peek, path.isString, !path.text.isEmpty else {
      problem("Expected file path after output", at: current)
      return nil
    }
    take()
    // As Go's filepath.Ext: a path whose last part has no dot is a folder of frames, written with its `/`.
    let lastPart = path.text.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard lastPart.contains(".") || path.text.hasSuffix("/") else {
      problem("Expected folder with trailing slash", at: path)
      return nil
    }
    return .output(path: path.text)
  }

  private mutating func screenshot() -> TapeCommand.Action? {
    guard let path = peek, path.isString, !path.text.isEmpty else {
      problem("Expected path after Screenshot", at: current)
      if peek != nil { take() }
      return nil
    }
    take()
    guard [".png", ".txt", ".ansi"].contains(where: path.text.lowercased().hasSuffix) else {
      problem("Expected file with .png extension (or .txt, .ansi)", at: path)
      return nil
    }
    return .screenshot(path: path.text)
  }

  /// `Type`'s and `Copy`'s strings, joined by a space as VHS joins them.
  private mutating func strings(after name: TapeToken) -> String? {
    guard peek?.isString == true else {
      problem("\(name.text) expects string", at: peek ?? name)
      return nil
    }
    var parts: [String] = []
    while let string = peek, string.isString { parts.append(take().text) }
    return parts.joined(separator: " ")
  }

  private mutating func wait() -> TapeCommand.Action? {
    var scope = TapeCommand.WaitScope.line
    if peek?.isSymbol("+") == true {
      take()
      guard let which = peek, which.isString, which.text == "Line" || which.text == "Screen" else {
        problem("Wait+ expects Line or Screen", at: peek ?? current)
        return nil
      }
      scope = take().text == "Screen" ? .screen : .line
    }
    let speed = speed()
    if speed == .invalid { return nil }
    if let timeout = speed.milliseconds, timeout <= 0 {
      problem("Wait expects positive duration", at: peek ?? current)
      return nil
    }
    var pattern: String?
    if let regex = peek, regex.kind == .regex {
      take()
      guard Self.compiles(regex.text) else {
        problem("Invalid regular expression '\(regex.text)'", at: regex)
        return nil
      }
      pattern = regex.text
    }
    return .wait(scope, pattern: pattern, timeoutMilliseconds: speed.milliseconds)
  }

  private static func compiles(_ pattern: String) -> Bool { (try? Regex(pattern)) != nil }

  private mutating func resize(_ name: TapeToken) -> TapeCommand.Action? {
    // `120x40` lexes as the number 120 and the word x40.
    guard let width = peek, width.kind == .number else {
      problem("Resize expects WIDTHxHEIGHT, as in 120x40", at: peek ?? name)
      return nil
    }
    take()
    var size = width.text
    if let height = peek, height.kind == .word, height.span.lowerBound == width.span.upperBound {
      size += take().text
    }
    do {
      let parsed = try KeyScript.parseSize(size)
      return .resize(width: parsed.width, height: parsed.height)
    } catch {
      problem("Resize \(size): \(error.reason)", at: width)
      return nil
    }
  }

  // MARK: - Keys with modifiers

  /// `Ctrl[+Alt][+Shift]+KEY[+KEY…]`: the modifiers first, then keys VHS knows how to press with Ctrl.
  private mutating func control() -> TapeCommand.Action? {
    var modifiers: [TapeChord.Modifier] = [.ctrl]
    var keys: [String] = []
    var failed = false
    while peek?.isSymbol("+") == true {
      take()
      guard let key = peek else { break }
      if key.isWord("Alt") || key.isWord("Shift") {
        guard keys.isEmpty else {
          problem("Modifiers must come before other characters", at: current)
          failed = true
          break
        }
        modifiers.append(key.text == "Alt" ? .alt : .shift)
        take()
        continue
      }
      let named = ["Enter", "Space", "Backspace", "Left", "Right", "Up", "Down"].contains { key.isWord($0) }
      let symbol = ["-", "@", "[", "]", "^", "\\"].contains { key.isSymbol($0) }
      if named || symbol || (key.isString && key.text.utf8.count == 1) {
        keys.append(key.text)
      } else {
        problem("Invalid control argument: \(TapeParser.describe(key))", at: key)
        failed = true
      }
      take()
    }
    guard !keys.isEmpty else {
      if !failed { problem("Expected control character with args, got \(TapeParser.describe(peek))", at: current) }
      return nil
    }
    return failed ? nil : .chord(TapeChord(modifiers, keys))
  }

  /// `Alt+KEY`, `Shift+KEY`: a string (its characters in turn), Enter, Tab, `[` or `]`.
  private mutating func modified(by modifier: TapeChord.Modifier) -> TapeCommand.Action? {
    if peek?.isSymbol("+") == true {
      take()
      if let key = peek,
        key.isString || key.isWord("Enter") || key.isWord("Tab") || key.isSymbol("[") || key.isSymbol("]")
      {
        take()
        let keys = key.isString ? key.text.map(String.init) : [key.text]
        return .chord(TapeChord([modifier], keys))
      }
    }
    problem(
      "Expected \(modifier.rawValue.lowercased()) character, got \(TapeParser.describe(peek))", at: current)
    return nil
  }

  // MARK: - Settings

  private mutating func setting() -> TapeCommand.Action? {
    guard let name = peek else {
      problem("Set expects a setting and a value", at: current)
      return nil
    }
    take()
    guard name.kind == .word, TapeParser.settings.contains(name.text) else {
      problem("Unknown setting: \(TapeParser.describe(name))", at: name)
      if peek != nil { take() }
      return nil
    }
    let setting = name.text
    switch setting {
    case "WaitTimeout":
      return time(after: name).map { .setWaitTimeout(milliseconds: $0) }
    case "TypingSpeed":
      guard let value = peek else { return missingValue(name) }
      take()
      var written = value.text
      if let unit = peek, unit.isWord("ms") || unit.isWord("s") { written += take().text }
      guard let milliseconds = TapeParser.milliseconds(written), milliseconds <= TapeParser.maximumMilliseconds
      else {
        problem("Set TypingSpeed expects a time, as in 50ms or .1, found \(TapeParser.describe(value))", at: value)
        return nil
      }
      return .setTypingSpeed(milliseconds: milliseconds)
    case "WaitPattern":
      guard let value = peek else { return missingValue(name) }
      take()
      guard Self.compiles(value.text) else {
        problem("Invalid regexp pattern: \(value.text)", at: value)
        return nil
      }
      return .setWaitPattern(value.text)
    case "LoopOffset":
      guard let value = peek else { return missingValue(name) }
      take()
      // VHS's offset is always a percentage, with or without its `%`.
      if peek?.isSymbol("%") == true { take() }
      return .pictureSetting(setting, value: value.text + "%")
    case "Width", "Height":
      guard let value = peek else { return missingValue(name) }
      take()
      guard value.kind == .number, let pixels = Int(value.text), pixels > 0, pixels <= TapeParser.maximumPixels
      else {
        problem("Set \(setting) expects a whole number of pixels, found \(TapeParser.describe(value))", at: value)
        return nil
      }
      return setting == "Width" ? .setWidth(pixels) : .setHeight(pixels)
    default:
      guard let value = peek else { return missingValue(name) }
      take()
      if let problem = Self.problem(setting, value) {
        self.problem(problem, at: value)
        return nil
      }
      if TapeParser.ignoredSettings.contains(setting) { return .ignoredSetting(setting) }
      return .pictureSetting(setting, value: value.text)
    }
  }

  /// What VHS's parser refuses in a setting's value.
  private static func problem(_ setting: String, _ value: TapeToken) -> String? {
    switch setting {
    case "WindowBar":
      return ["", "Colorful", "ColorfulRight", "Rings", "RingsRight"].contains(value.text)
        ? nil : "\(value.text) is not a valid bar style."
    case "MarginFill":
      let hex = value.text.dropFirst()
      guard value.text.hasPrefix("#") else { return nil }
      return hex.count == 6 && hex.allSatisfy(\.isHexDigit) ? nil : "\"\(value.text)\" is not a valid color."
    case "CursorBlink":
      return value.isWord("true") || value.isWord("false") ? nil : "expected boolean value."
    case "Theme" where value.kind == .json && !value.text.hasSuffix("}"):
      return "this { has no closing }"
    default:
      return nil
    }
  }

  private mutating func missingValue(_ name: TapeToken) -> TapeCommand.Action? {
    problem("Set \(name.text) expects a value", at: name)
    return nil
  }

  // MARK: - Source

  /// `Source other.tape`: the other tape's commands but its `Output`s, read where the `Source` stands.
  private mutating func source() {
    guard let path = peek, path.isString, !path.text.isEmpty else {
      problem("Expected path after Source", at: current)
      if peek != nil { take() }
      return
    }
    take()
    guard path.text.hasSuffix(".tape") else { return problem("Expected file with .tape extension", at: path) }
    guard let text = readTape?(path.text) else { return problem("File \(path.text) not found", at: path) }
    guard !text.isEmpty else { return problem("Source tape: \(path.text) is empty", at: path) }
    let nested = TapeLexer.tokens(text).contains { $0.isWord("Source") }
    guard !nested else { return problem("Nested Source detected", at: path) }
    let (sourced, sourceProblems) = TapeParser.read(text)
    guard sourceProblems.isEmpty else {
      let first = sourceProblems[0]
      return problem(
        "\(path.text) has \(sourceProblems.count) errors; the first, at \(first.location): \(first.message)", at: path)
    }
    for var command in sourced {
      if case .output = command.action { continue }
      // Messages about it point at the `Source` line of this tape.
      command.location = path.location
      commands.append(command)
    }
  }

  // MARK: - Values

  enum Speed: Equatable {
    case none, invalid
    case given(Int)
    var milliseconds: Int? { if case .given(let value) = self { value } else { nil } }
  }

  /// `@TIME` after a command: a typing speed or a timeout.
  private mutating func speed() -> Speed {
    guard peek?.isSymbol("@") == true else { return .none }
    let at = take()
    return time(after: at).map(Speed.given) ?? .invalid
  }

  /// `NUMBER[ms|s|m]`, seconds when no unit is written.
  private mutating func time(after name: TapeToken) -> Int? {
    guard let number = peek, number.kind == .number else {
      problem("Expected time after \(name.text)", at: current)
      return nil
    }
    take()
    var written = number.text
    if let unit = peek, unit.isWord("ms") || unit.isWord("s") || unit.isWord("m") { written += take().text }
    guard let milliseconds = TapeParser.milliseconds(written) else {
      problem("expected a time, as in 500ms or 2s, found \(written)", at: number)
      return nil
    }
    guard milliseconds <= TapeParser.maximumMilliseconds else {
      problem("\(written) is longer than the longest time, 1 hour", at: number)
      return nil
    }
    return milliseconds
  }

  /// A key's optional repeat count (1 when none is written).
  private mutating func repeatCount() -> Int? {
    guard let token = peek, token.kind == .number else { return 1 }
    take()
    guard let count = Int(token.text), count <= TapeParser.maximumCount else {
      problem("a count is a whole number from 0 to \(TapeParser.maximumCount), found \(token.text)", at: token)
      return nil
    }
    return count
  }

  private mutating func number(after name: TapeToken) -> Int? {
    guard let token = peek, token.kind == .number, let value = Int(token.text), value <= 100_000 else {
      problem("\(name.text) expects X Y (0-based column and row), found \(TapeParser.describe(peek))", at: peek ?? name)
      if peek?.kind == .number { take() }
      return nil
    }
    take()
    return value
  }
}
