/// The words of a search or filter pattern, read as the filter language reads them: free words (`coat`,
/// `"wool coat"` kept whole), words turned round (`-used`), and conditions on fields (``FieldCondition``). A word
/// that only looks like a condition (`12:30`, `"re:zero"` quoted) is a free word.
enum FilterLanguage {
  struct Reading {
    var words: [String] = []
    var excludedWords: [String] = []
    var conditions: [FieldCondition] = []
    /// The first word that cannot be read, and why: `price<abc: not a number`.
    var problem: String?
  }

  static func read(_ pattern: String) -> Reading {
    var reading = Reading()
    var folding = SearchFolding()
    for token in tokens(of: pattern) {
      var text = token.text[...]
      let negated = text.count > 1 && text.first == "-" && !token.quotedFromStart
      if negated { text = text.dropFirst() }
      if !token.quotedFromStart, let condition = condition(in: text, negated: negated, folding: &folding) {
        switch condition {
        case .success(let condition): reading.conditions.append(condition)
        case .failure(let problem): reading.problem = reading.problem ?? "\(token.text): \(problem.message)"
        }
        continue
      }
      if negated { reading.excludedWords.append(String(text)) } else { reading.words.append(String(text)) }
    }
    return reading
  }

  struct Problem: Error {
    let message: String
  }

  /// `name` then `:`, `=`, `<`, `<=`, `>` or `>=`, then a value; nil when the word is not shaped so.
  static func condition(
    in word: Substring, negated: Bool, folding: inout SearchFolding
  ) -> Result<FieldCondition, Problem>? {
    guard let first = word.first, first.isLetter else { return nil }
    guard let operatorStart = word.firstIndex(where: { ":=<>".contains($0) }) else { return nil }
    let name = word[..<operatorStart]
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
    var valueStart = word.index(after: operatorStart)
    var comparison = String(word[operatorStart])
    if valueStart < word.endIndex, word[valueStart] == "=", "<>".contains(comparison) {
      comparison += "="
      valueStart = word.index(after: valueStart)
    }
    let value = word[valueStart...]
    // `price<` on its way to `price<200`: the grid waits for the value instead of showing no match.
    guard !value.isEmpty else { return .failure(Problem(message: "a value is missing after \(comparison)")) }
    func made(_ test: FieldCondition.Test) -> Result<FieldCondition, Problem> {
      .success(FieldCondition(name: String(name), test: test, isNegated: negated, typedValue: String(value)))
    }
    func number(_ text: Substring) -> Double? { PriceValue.number(String(text)) }
    switch comparison {
    case ":":
      if let dots = value.range(of: "..") {
        let (low, high) = (value[..<dots.lowerBound], value[dots.upperBound...])
        guard !(low.isEmpty && high.isEmpty) else { return .failure(Problem(message: "a range needs a number")) }
        let lower = low.isEmpty ? nil : number(low)
        let upper = high.isEmpty ? nil : number(high)
        if !low.isEmpty && lower == nil { return .failure(Problem(message: "\(low) is not a number")) }
        if !high.isEmpty && upper == nil { return .failure(Problem(message: "\(high) is not a number")) }
        if let lower, let upper, lower > upper {
          return .failure(Problem(message: "\(low) is more than \(high): nothing is between"))
        }
        return made(.number(NumberRange(lower: lower, upper: upper)))
      }
      // A plain number is the field's number (`sold:0` is not `sold:10`); other text is held.
      if value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }), let equal = number(value) {
        return made(.number(NumberRange(lower: equal, upper: equal)))
      }
      let folded = folding.fold(String(value))
      guard !folded.isEmpty else { return nil }
      return made(.holds(folded))
    default:
      guard let bound = number(value) else { return .failure(Problem(message: "not a number")) }
      let range: NumberRange =
        switch comparison {
        case "<": NumberRange(upper: bound, includesUpper: false)
        case "<=": NumberRange(upper: bound)
        case ">": NumberRange(lower: bound, includesLower: false)
        case ">=": NumberRange(lower: bound)
        default: NumberRange(lower: bound, upper: bound)
        }
      return made(.number(range))
    }
  }

  struct Token {
    var text = ""
    /// The word opened with a closed quote (`"re:zero"`): taken as it is, never a condition or a word turned round.
    var quotedFromStart = false
  }

  /// The pattern split at whitespace. A double quote that opens a word, a word turned round or a condition's value
  /// (`shop:"alpha atelier"`, `-"wool coat"`) and is closed later keeps what it holds together, and the quotes are
  /// taken away; any other quote is a character like the rest (`12"`, a lone `"`).
  static func tokens(of pattern: String) -> [Token] {
    let characters = Array(pattern)
    var tokens: [Token] = []
    var current = Token()
    var position = 0
    func finish() {
      if !current.text.isEmpty { tokens.append(current) }
      current = Token()
    }
    while position < characters.count {
      let character = characters[position]
      let opensQuote =
        character == "\"" && (current.text.isEmpty || current.text == "-" || current.text.last == ":")
      if opensQuote, let close = characters[(position + 1)...].firstIndex(of: "\"") {
        if current.text.isEmpty { current.quotedFromStart = true }
        current.text += String(characters[(position + 1)..<close])
        position = close + 1
      } else if character.isWhitespace {
        finish()
        position += 1
      } else {
        current.text.append(character)
        position += 1
      }
    }
    finish()
    return tokens
  }
}
