/// Splits a tape into tokens as VHS's lexer (`lexer/lexer.go`) does: whitespace separates but never ends a
/// command, `#` comments to the end of the line, strings take any of three quotes and end at their quote or the
/// line's end, `/…/` is a regex (a `\/` inside does not end it), `{…}` is JSON, numbers are digits and dots, words
/// are letters, digits and `. - _ / %`, and `@ = ] [ - % ^ \ +` stand alone. Pure and total: any text lexes.
enum TapeLexer {
  /// VHS's keywords (`token.Keywords`): a bare word among them is that keyword, any other is a string.
  static let keywords: Set<String> = [
    "em", "px", "ms", "s", "m", "Set", "Sleep", "Type", "Enter", "Space", "Backspace", "Delete", "Insert", "Ctrl",
    "Alt", "Shift", "Down", "Left", "Right", "Up", "PageUp", "PageDown", "ScrollUp", "ScrollDown", "Tab", "Escape",
    "End", "Hide", "Require", "Show", "Output", "Shell", "FontFamily", "MarginFill", "Margin", "WindowBar",
    "WindowBarSize", "BorderRadius", "FontSize", "Framerate", "Height", "LetterSpacing", "LineHeight",
    "PlaybackSpeed", "TypingSpeed", "Padding", "Theme", "Width", "LoopOffset", "WaitTimeout", "WaitPattern", "Wait",
    "Source", "CursorBlink", "true", "false", "Screenshot", "Copy", "Paste", "Env",
  ]

  /// Commands of the viewer's own that VHS lacks: commands where a line starts with them.
  static let viewerCommands: Set<String> = ["Home", "Click", "Wheel", "Resize", "WaitSettled"]

  private static let symbols: Set<Unicode.Scalar> = ["@", "=", "]", "[", "-", "%", "^", "\\", "+"]

  static func tokens(_ text: String) -> [TapeToken] {
    let scalars = Array(text.unicodeScalars)
    var tokens: [TapeToken] = []
    var index = 0
    var line = 1
    var lineStart = 0
    func location(_ at: Int) -> TapeLocation { TapeLocation(line: line, column: at - lineStart + 1) }
    func token(_ kind: TapeToken.Kind, _ range: Range<Int>, at start: Int, end: Int? = nil) {
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[range])
      tokens.append(
        TapeToken(kind: kind, text: String(text), location: location(start), span: start..<(end ?? range.upperBound)))
    }
    /// The end of what starts at `from`: the first `quote` (unescaped, with `escapes`), the line's end, or the text's.
    func closing(_ quote: Unicode.Scalar, from: Int, escapes: Bool = false) -> Int {
      var end = from
      var backslashes = 0
      while end < scalars.count, !isNewline(scalars[end]) {
        if scalars[end] == quote, !escapes || backslashes % 2 == 0 { break }
        backslashes = scalars[end] == "\\" ? backslashes + 1 : 0
        end += 1
      }
      return end
    }

    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\n" || (scalar == "\r" && scalars[safe: index + 1] != "\n") {
        index += 1
        line += 1
        lineStart = index
        continue
      }
      if scalar == " " || scalar == "\t" || scalar == "\r" {
        index += 1
        continue
      }
      let start = index
      switch scalar {
      case "#":
        while index < scalars.count, !isNewline(scalars[index]) { index += 1 }
      case "\"", "'", "`":
        let end = closing(scalar, from: index + 1)
        let after = end < scalars.count && scalars[end] == scalar ? end + 1 : end
        token(.string, (index + 1)..<end, at: start, end: after)
        index = after
      case "/" where !takesPath(tokens.last, line: line):
        let end = closing("/", from: index + 1, escapes: true)
        let after = end < scalars.count && scalars[end] == "/" ? end + 1 : end
        token(.regex, (index + 1)..<end, at: start, end: after)
        index = after
      case "{":
        let startLine = line
        let startColumn = index - lineStart + 1
        var end = index + 1
        while end < scalars.count, scalars[end] != "}" {
          if scalars[end] == "\n" {
            line += 1
            lineStart = end + 1
          }
          end += 1
        }
        var json = String.UnicodeScalarView()
        json.append(contentsOf: scalars[index..<min(end + 1, scalars.count)])
        index = min(end + 1, scalars.count)
        tokens.append(
          TapeToken(
            kind: .json, text: String(json), location: TapeLocation(line: startLine, column: startColumn),
            span: start..<index))
      default:
        if isDigit(scalar) || (scalar == "." && scalars[safe: index + 1].map(isDigit) == true) {
          while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." { index += 1 }
          token(.number, start..<index, at: start)
        } else if isLetter(scalar) || scalar == "." || (scalar == "/" && takesPath(tokens.last, line: line)) {
          while index < scalars.count, isWordPart(scalars[index]) { index += 1 }
          token(.word, start..<index, at: start)
        } else if symbols.contains(scalar) {
          index += 1
          token(.symbol, start..<index, at: start)
        } else {
          index += 1
          token(.illegal, start..<index, at: start)
        }
      }
    }
    for position in tokens.indices {
      tokens[position].startsLine =
        position == 0 || tokens[position - 1].location.line != tokens[position].location.line
    }
    return tokens
  }

  /// Whether a `/` here starts a path: `Output /tmp/out.gif` is read as the path it plainly is (VHS would take a
  /// regex and refuse it), after a command that takes a file on the same line.
  private static func takesPath(_ previous: TapeToken?, line: Int) -> Bool {
    guard let previous, previous.kind == .word, previous.location.line == line else { return false }
    return ["Output", "Screenshot", "Source"].contains(previous.text)
  }

  private static func isNewline(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }
  private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
    isLetter(scalar) || isDigit(scalar) || [".", "-", "_", "/", "%"].contains(scalar)
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
