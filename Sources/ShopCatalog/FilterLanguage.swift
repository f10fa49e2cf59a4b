/// The words of a search or filter pattern, read as the filter language reads them: free words (`coat`,
/// `"wool coat"` kept whole), words turned round (`-used`), and conditions on fields (``FieldCondition``). A word
/// that only looks like a condition (`12:30`, `"re:zero"` quoted) is a free word.
public enum FilterLanguage {
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
      let word = word(of: token, folding: &folding)
      switch word.condition {
      case .success(let condition)?: reading.conditions.append(condition)
      case .failure(let problem)?: reading.problem = reading.problem ?? "\(token.typed): \(problem.message)"
      case nil:
        if word.negated {
          reading.excludedWords.append(String(word.text))
        } else {
          reading.words.append(String(word.text))
        }
      }
    }
    return reading
  }

  /// One word of a pattern read: whether it is turned round (`-used`), its text without the minus, and the
  /// condition it is, or why it cannot be one; nil for a free word.
  private static func word(
    of token: Token, folding: inout SearchFolding
  ) -> (negated: Bool, text: Substring, condition: Result<FieldCondition, Problem>?) {
    let negated = token.text.count > 1 && token.text.first == "-" && !token.quotedFromStart
    let (text, typed) =
      negated ? (token.text.dropFirst(), token.typed.dropFirst()) : (token.text[...], token.typed[...])
    return (negated, text, token.quotedFromStart ? nil : condition(in: typed, negated: negated, folding: &folding))
  }

  struct Problem: Error {
    let message: String
  }

  /// `name` then `:`, `=`, `<`, `<=`, `>` or `>=`, then a value (after `:` and `=`, alternatives split by `|`);
  /// nil when the word is not shaped so. `word` is as typed, its quotes kept: a quoted value is text.
  static func condition(
    in word: Substring, negated: Bool, folding: inout SearchFolding
  ) -> Result<FieldCondition, Problem>? {
    guard let first = word.first, first.isLetter else { return nil }
    guard let operatorStart = word.firstIndex(where: { ":=<>".contains($0) }) else { return nil }
    let name = word[..<operatorStart]
    guard canName(.extra(String(name))) else { return nil }
    var valueStart = word.index(after: operatorStart)
    var comparison = String(word[operatorStart])
    if valueStart < word.endIndex, word[valueStart] == "=", "<>".contains(comparison) {
      comparison += "="
      valueStart = word.index(after: valueStart)
    }
    let value = word[valueStart...]
    // `price<` on its way to `price<200`: the grid waits for the value instead of showing no match.
    guard !value.isEmpty else { return .failure(Problem(message: "a value is missing after \(comparison)")) }
    var alternatives: [FieldCondition.Alternative] = []
    if comparison == ":" || comparison == "=" {
      for (text, quoted) in Self.alternatives(in: value) {
        guard !text.isEmpty else {
          return .failure(Problem(message: "a value is missing after \(alternatives.isEmpty ? comparison : "|")"))
        }
        switch alternative(text, quoted: quoted, whole: comparison == "=", folding: &folding) {
        case .success(let alternative?): alternatives.append(alternative)
        case .success(nil): return nil
        case .failure(let problem): return .failure(problem)
        }
      }
    } else {
      guard let bound = PriceValue.number(String(value)) else { return .failure(Problem(message: "not a number")) }
      let range: NumberRange =
        switch comparison {
        case "<": NumberRange(upper: bound, includesUpper: false)
        case "<=": NumberRange(upper: bound)
        case ">": NumberRange(lower: bound, includesLower: false)
        default: NumberRange(lower: bound)
        }
      alternatives = [FieldCondition.Alternative(test: .number(range), typedValue: String(value))]
    }
    return .success(FieldCondition(name: String(name), alternatives: alternatives, isNegated: negated))
  }

  /// One value after `:` or `=`: a range (`100..300`, `100..<200`, `..200`, `4..`) or a plain number
  /// (`sold:0` is not `sold:10`) compares numbers; other text, or any quoted value, is held (`:`) or is the
  /// whole value (`=`). Nil when it folds to nothing (`shop:!`), which leaves the word a free word.
  static func alternative(
    _ text: Substring, quoted: Bool, whole: Bool, folding: inout SearchFolding
  ) -> Result<FieldCondition.Alternative?, Problem> {
    func made(_ test: FieldCondition.Test) -> Result<FieldCondition.Alternative?, Problem> {
      .success(FieldCondition.Alternative(test: test, typedValue: String(text)))
    }
    func number(_ text: Substring) -> Double? { PriceValue.number(String(text)) }
    if !quoted, let dots = text.range(of: "..") {
      let excludesUpper = text[dots.upperBound...].first == "<"
      let high = text[(excludesUpper ? text.index(after: dots.upperBound) : dots.upperBound)...]
      let low = text[..<dots.lowerBound]
      guard !(low.isEmpty && high.isEmpty) else { return .failure(Problem(message: "a range needs a number")) }
      let lower = low.isEmpty ? nil : number(low)
      let upper = high.isEmpty ? nil : number(high)
      if !low.isEmpty && lower == nil { return .failure(Problem(message: "\(low) is not a number")) }
      if !high.isEmpty && upper == nil { return .failure(Problem(message: "\(high) is not a number")) }
      if let lower, let upper, lower > upper {
        return .failure(Problem(message: "\(low) is more than \(high): nothing is between"))
      }
      if let lower, let upper, excludesUpper, lower == upper {
        return .failure(Problem(message: "nothing is at least \(low) and below \(high)"))
      }
      return made(.number(NumberRange(lower: lower, upper: upper, includesUpper: !excludesUpper)))
    }
    if !quoted, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }), let equal = number(text) {
      return made(.number(NumberRange(lower: equal, upper: equal)))
    }
    let folded = folding.fold(String(text))
    // A blank value is no value: no item holds or is one.
    guard folded.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
      return .success(nil)
    }
    return made(whole ? .equals(folded) : .holds(folded))
  }

  /// A condition's value split at each `|` outside quotes, each part's quotes taken away, and whether it had any.
  static func alternatives(in value: Substring) -> [(text: Substring, quoted: Bool)] {
    var parts: [(text: Substring, quoted: Bool)] = []
    var start = value.startIndex
    var inQuotes = false
    var position = value.startIndex
    func finish(at end: Substring.Index) {
      var part = value[start..<end]
      let quoted = part.count >= 2 && part.first == "\"" && part.last == "\""
      if quoted { part = part.dropFirst().dropLast() }
      parts.append((part, quoted))
    }
    while position < value.endIndex {
      if value[position] == "\"" {
        inQuotes.toggle()
      } else if value[position] == "|", !inQuotes {
        finish(at: position)
        start = value.index(after: position)
      }
      position = value.index(after: position)
    }
    finish(at: value.endIndex)
    return parts
  }

  /// A value of `field` as a facet chooses it, after `=`: quoted, so it is read as text and whole
  /// (`"Alpha Atelier"`); nil when it holds a quote, which the language cannot carry.
  public static func choiceText(ofValue value: String) -> String? {
    value.contains("\"") ? nil : "\"\(value)\""
  }

  /// The pattern in words, for the status bar: `shop: Alpha Atelier, Gamma Goods · price: under 200 · coat ·
  /// not used`. Values are as typed (the dataset's text, for the caller to make safe).
  public static func words(of pattern: String, separator: String = "\u{B7}") -> String {
    var folding = SearchFolding()
    return tokens(of: pattern).map { token in
      let word = word(of: token, folding: &folding)
      let not = word.negated ? "not " : ""
      guard case .success(let condition)? = word.condition else { return not + word.text }
      let values = condition.alternatives.map { alternative in
        switch alternative.test {
        case .equals: alternative.typedValue
        case .holds: "has \(alternative.typedValue)"
        case .number(let range): range.words
        }
      }
      return not + condition.name + ": " + values.joined(separator: ", ")
    }.joined(separator: " \(separator) ")
  }

  /// Whether the language can name `field` in a condition (an extra field's key of letters, digits, `_` and `.`,
  /// starting with a letter).
  public static func canName(_ field: ItemField) -> Bool {
    guard let first = field.name.first, first.isLetter else { return false }
    return field.name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
  }

  /// What a choice's text (after `=`) is read as; nil when it is not one value.
  public static func test(ofChoice text: String) -> FieldCondition.Test? {
    var folding = SearchFolding()
    guard
      case .success(let alternative?) = alternative(
        text[...].unquoted, quoted: text.count >= 2 && text.first == "\"" && text.last == "\"", whole: true,
        folding: &folding)
    else { return nil }
    return alternative.test
  }

  /// The alternatives `pattern` chooses for `field`: those of its first `field=…` condition not turned round
  /// (the one a facet's choices make), as the tests they are read as.
  public static func chosen(for field: ItemField, in pattern: String) -> [FieldCondition.Alternative] {
    choiceCondition(for: field, in: tokens(of: pattern))?.1.alternatives ?? []
  }

  /// `pattern` with `alternative` (after `=`: `"Alpha Atelier"`, `100..<250`) chosen for `field`, or no longer
  /// chosen when it was: the field's `field=…` condition gains or loses it, and goes when it has none left. The
  /// other words are kept as typed.
  public static func toggling(_ alternative: String, of field: ItemField, in pattern: String) -> String {
    var tokens = tokens(of: pattern)
    guard let added = test(ofChoice: alternative) else { return pattern }
    guard let (place, condition) = choiceCondition(for: field, in: tokens) else {
      return (tokens.map(\.typed) + ["\(field.name)=\(alternative)"]).joined(separator: " ")
    }
    let typed = tokens[place].typed[...]
    let values = alternatives(in: typed[typed.index(after: typed.firstIndex(of: "=")!)...])
    var kept: [String] = []
    for (index, value) in values.enumerated() where condition.alternatives[index].test != added {
      kept.append(value.quoted ? "\"\(value.text)\"" : String(value.text))
    }
    if kept.count == values.count { kept.append(alternative) }
    if kept.isEmpty {
      tokens.remove(at: place)
    } else {
      tokens[place].typed = "\(condition.name)=" + kept.joined(separator: "|")
    }
    return tokens.map(\.typed).joined(separator: " ")
  }

  /// `pattern` without its choice for `field`: what the field's own facet counts over, so that its other values
  /// stay in view to be chosen too.
  public static func withoutChoice(of field: ItemField, in pattern: String) -> String {
    var tokens = tokens(of: pattern)
    guard let (place, _) = choiceCondition(for: field, in: tokens) else { return pattern }
    tokens.remove(at: place)
    return tokens.map(\.typed).joined(separator: " ")
  }

  /// The first token that is `field=…`, not turned round, and read whole, with its place.
  private static func choiceCondition(for field: ItemField, in tokens: [Token]) -> (Int, FieldCondition)? {
    var folding = SearchFolding()
    for (place, token) in tokens.enumerated() where !token.quotedFromStart && !token.typed.hasPrefix("-") {
      guard case .success(let condition)? = condition(in: token.typed[...], negated: false, folding: &folding),
        condition.field == field, token.typed.dropFirst(condition.name.count).first == "="
      else { continue }
      return (place, condition)
    }
    return nil
  }

  struct Token {
    /// The word, its quotes taken away.
    var text = ""
    /// The word as typed, with its quotes: a condition's value knows what was quoted.
    var typed = ""
    /// The word opened with a closed quote (`"re:zero"`): taken as it is, never a condition or a word turned round.
    var quotedFromStart = false
  }

  /// The pattern split at whitespace. A double quote that opens a word, a word turned round or a condition's value
  /// or alternative (`shop:"alpha atelier"`, `-"wool coat"`, `shop="a b"|"c d"`) and is closed later keeps what it
  /// holds together, and the quotes are taken away; any other quote is a character like the rest (`12"`, a lone
  /// `"`).
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
        character == "\""
        && (current.typed.isEmpty || current.typed == "-" || current.typed.last.map(":=|".contains) == true)
      if opensQuote, let close = characters[(position + 1)...].firstIndex(of: "\"") {
        if current.typed.isEmpty { current.quotedFromStart = true }
        current.text += String(characters[(position + 1)..<close])
        current.typed += String(characters[position...close])
        position = close + 1
      } else if character.isWhitespace {
        finish()
        position += 1
      } else {
        current.text.append(character)
        current.typed.append(character)
        position += 1
      }
    }
    finish()
    return tokens
  }
}

extension Substring {
  /// Without the quotes around it, if it has them.
  fileprivate var unquoted: Substring {
    count >= 2 && first == "\"" && last == "\"" ? dropFirst().dropLast() : self
  }
}
