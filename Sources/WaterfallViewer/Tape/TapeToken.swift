/// A token of a tape, with where it starts.
struct TapeToken: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// A bare word: a command or setting name, a number, a duration (`500ms`), a path, `120x40`.
    case word
    /// `"…"`, `'…'` or `` `…` ``, without the quotes.
    case string
    /// `/…/`, without the slashes (`\/` stays as written, for the regex to read).
    case regex
    /// `{…}`: VHS's inline theme.
    case json
    /// `@` before a speed or timeout, `+` between the parts of `Ctrl+C` and `Wait+Screen`.
    case at, plus
  }

  var kind: Kind
  var text: String
  var location: TapeLocation
}
