/// A token of a tape, with where it starts: VHS's token types (`token/token.go`), where a bare word that is not
/// a keyword is a string, as there.
struct TapeToken: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// A bare word: a keyword (`Set`, `Enter`, `ms`, `true`) or, when it is none, a string (`Line`, `C`, a path).
    case word
    /// `"…"`, `'…'` or `` `…` ``, without the quotes.
    case string
    /// Digits and dots: `500`, `.5`, `1.2`.
    case number
    /// `/…/`, without the slashes (`\/` stays as written, for the regex to read).
    case regex
    /// `{…}`: VHS's inline theme.
    case json
    /// One of `@ = ] [ - % ^ \ +`, standing alone.
    case symbol
    /// Any other byte outside a string: VHS's ILLEGAL, an invalid command wherever it stands.
    case illegal
  }

  var kind: Kind
  var text: String
  var location: TapeLocation
  /// Where it lies in the tape's Unicode scalars, quotes included: a command's source is the text it spans.
  var span: Range<Int>
  /// Whether it is the first token on its line.
  var startsLine = false

  /// Whether VHS reads this token as a STRING: quoted, or a bare word that is not one of its keywords. The
  /// viewer's own commands (`Click`, `WaitSettled`…) are words VHS would read as strings; at the start of a line
  /// they are commands, so `Type "G"` and a `WaitSettled` under it stay two commands.
  var isString: Bool {
    kind == .string
      || (kind == .word && !TapeLexer.keywords.contains(text)
        && !(startsLine && TapeLexer.viewerCommands.contains(text)))
  }

  func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

  func isWord(_ word: String) -> Bool { kind == .word && text == word }
}
