import TOMLKit

/// What a config file's option takes when that is a number, so a value of another type is refused in the file's
/// terms (`columns: expected a whole number, found "abc"`) rather than in the command-line parser's.
extension ConfigFile {
  /// "a whole number" or "a number" for an option that takes one; nil for one that takes words (its own message
  /// names the choices). Asked of the command line's own parser: a numeric option takes 1 and refuses "abc"; a
  /// whole number also refuses 0.5.
  static func expectedNumber(for name: String) -> String? {
    func accepts(_ value: String) -> Bool { (try? ViewCommand.parse(["--\(name)", value])) != nil }
    guard accepts("1"), !accepts("abc") else { return nil }
    return accepts("0.5") ? "a number" : "a whole number"
  }

  /// The reason for `value` (as the file wrote it) when `name` takes a number and the value is none: the key, what
  /// was expected and what was found. Nil when the value is a number (a range check's message says more) or the
  /// option takes words.
  static func typeMismatch(_ name: String, _ value: TOMLValue, written: String) -> String? {
    guard let expected = expectedNumber(for: name) else { return nil }
    let isNumber = expected == "a whole number" ? Int(written) != nil : Double(written) != nil
    guard value.type == .bool || !isNumber else { return nil }
    // A string is shown in quotes, escaped: the file's text is untrusted and goes to the terminal.
    let escaped = written.unicodeScalars.map { $0.escaped(asASCII: false) }.joined()
    let found = value.string != nil ? "\"\(escaped)\"" : written
    return "\(name): expected \(expected), found \(found)"
  }
}
