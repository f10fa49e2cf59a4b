/// A shell line a tape types at the prompt: when it runs `waterfall` (or `…/waterfall`), the arguments the
/// viewer gets. Words split as a shell splits them (quotes, backslashes); the command ends at `;`, `&&`, `||`,
/// `|` or `&`. Pure.
public enum TypedCommandLine {
  /// The arguments after `waterfall` (and after a `view` subcommand), or `nil` when the line does not run it.
  public static func arguments(_ line: String) -> [String]? {
    let words = words(line)
    guard
      let start = words.firstIndex(where: {
        $0.isCommand && ($0.text == "waterfall" || $0.text.hasSuffix("/waterfall"))
      })
    else { return nil }
    var arguments: [String] = []
    for word in words[(start + 1)...] {
      if word.isOperator { break }
      arguments.append(word.text)
    }
    if arguments.first == "view" { arguments.removeFirst() }
    return arguments
  }

  struct Word {
    var text: String
    var isOperator = false
    /// Whether it stands where a command does: first, or after an operator.
    var isCommand = false
  }

  static func words(_ line: String) -> [Word] {
    var words: [Word] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    var atCommand = true
    func finish() {
      if inWord { words.append(Word(text: current, isCommand: atCommand)) }
      if inWord { atCommand = false }
      (current, inWord) = ("", false)
    }
    var characters = Array(line)[...]
    while let character = characters.popFirst() {
      if escaped {
        current.append(character)
        (escaped, inWord) = (false, true)
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\", open == "\"", let next = characters.first, "\"\\$`".contains(next) {
          escaped = true
        } else {
          current.append(character)
        }
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" || character == "'" {
        (quote, inWord) = (character, true)
      } else if character.isWhitespace {
        finish()
      } else if ";&|".contains(character) {
        finish()
        if let next = characters.first, next == character, character != ";" { characters.removeFirst() }
        words.append(Word(text: String(character), isOperator: true))
        atCommand = true
      } else {
        current.append(character)
        inWord = true
      }
    }
    finish()
    return words
  }
}
