/// Splits a tape into tokens, as VHS's lexer does: whitespace separates, `#` starts a comment to the end of the
/// line, strings take any of three quotes and end on the line they start, `/…/` is a regex, `{…}` is JSON, and
/// `@` and `+` stand alone. Pure; problems are ``TapeError``s with a line and column.
enum TapeLexer {
  static func tokens(_ text: String) throws(TapeError) -> [TapeToken] {
    var tokens: [TapeToken] = []
    let characters = Array(text)
    var index = 0
    var line = 1
    var lineStart = 0
    func location(_ at: Int) -> TapeLocation { TapeLocation(line: line, column: at - lineStart + 1) }

    while index < characters.count {
      let character = characters[index]
      if character.isNewline {
        index += 1
        line += 1
        lineStart = index
        continue
      }
      if character.isWhitespace {
        index += 1
        continue
      }
      let start = location(index)
      switch character {
      case "#":
        while index < characters.count, !characters[index].isNewline { index += 1 }
      case "@", "+":
        tokens.append(TapeToken(kind: character == "@" ? .at : .plus, text: String(character), location: start))
        index += 1
      case "\"", "'", "`":
        let end = try closing(character, in: characters, from: index + 1, what: "string", at: start)
        tokens.append(TapeToken(kind: .string, text: String(characters[(index + 1)..<end]), location: start))
        index = end + 1
      case "/" where !takesPath(tokens.last, line: line):
        let end = try closing("/", in: characters, from: index + 1, what: "regex", at: start, escapes: true)
        tokens.append(TapeToken(kind: .regex, text: String(characters[(index + 1)..<end]), location: start))
        index = end + 1
      case "{":
        guard let end = characters[index...].firstIndex(of: "}") else {
          throw TapeError("this { has no closing }", at: start)
        }
        for position in index..<end where characters[position].isNewline {
          line += 1
          lineStart = position + 1
        }
        tokens.append(TapeToken(kind: .json, text: String(characters[index...end]), location: start))
        index = end + 1
      default:
        var end = index
        while end < characters.count, !characters[end].isWhitespace, !"@+\"'`{#".contains(characters[end]) {
          end += 1
        }
        tokens.append(TapeToken(kind: .word, text: String(characters[index..<end]), location: start))
        index = end
      }
    }
    return tokens
  }

  /// Whether a word here is a path: VHS reads `Output /tmp/out.gif` unquoted, so a `/` after a command that
  /// takes a file on the same line starts the path, not a regex.
  private static func takesPath(_ previous: TapeToken?, line: Int) -> Bool {
    guard let previous, previous.kind == .word, previous.location.line == line else { return false }
    return ["Output", "Screenshot", "Source"].contains(previous.text)
  }

  /// The index of the `quote` that ends what starts at `from`, on the same line; with `escapes`, a quote after
  /// an odd number of backslashes does not end it.
  private static func closing(
    _ quote: Character, in characters: [Character], from: Int, what: String, at start: TapeLocation,
    escapes: Bool = false
  ) throws(TapeError) -> Int {
    var index = from
    var backslashes = 0
    while index < characters.count, !characters[index].isNewline {
      let character = characters[index]
      if character == quote, !escapes || backslashes % 2 == 0 { return index }
      backslashes = character == "\\" ? backslashes + 1 : 0
      index += 1
    }
    throw TapeError("this \(what) has no closing \(quote) on its line", at: start)
  }
}
