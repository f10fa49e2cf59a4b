/// RFC 8288 `Link` header values: `<https://…?page=2>; rel="next", <…>; rel="last"`.
///
/// Read a Unicode scalar at a time, not a Character: the header is the server's, and a combining mark after a `<`,
/// `>`, `"` or `;` would join it into a Character that is not the delimiter (found by the `link-header` fuzz target:
/// `<\u{747}=y>` was passed over and the next link's target taken).
public enum LinkHeader {
  private typealias Scalars = Substring.UnicodeScalarView

  /// The target of the first link whose `rel` includes `relation` (relation types are case-insensitive and a
  /// `rel` may list several, space-separated).
  public static func target(in header: String, relation: String) -> String? {
    var rest = Substring(header).unicodeScalars
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { return nil }
      let target = String(Substring(rest[rest.index(after: open)..<close]))
      // The parameters run to the next link, which starts at a "<" outside quotes.
      var end = rest.index(after: close)
      var quoted = false
      while end < rest.endIndex, quoted || rest[end] != "<" {
        if rest[end] == "\"" { quoted.toggle() }
        end = rest.index(after: end)
      }
      if relations(in: rest[rest.index(after: close)..<end]).contains(relation.lowercased()) { return target }
      rest = rest[end...]
    }
    return nil
  }

  /// The relation types of one link's parameters (`; rel="next prev"` or `; rel=next`).
  private static func relations(in parameters: Scalars) -> [String] {
    for parameter in parameters.split(separator: ";") {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, String(Substring(trimmed(parts[0]))).lowercased() == "rel" else { continue }
      var value = trimmed(parts[1])
      if value.first == "\"", value.last == "\"", value.count >= 2 { value = value.dropFirst().dropLast() }
      return value.split(separator: " ").map { String(Substring($0)).lowercased() }
    }
    return []
  }

  private static func trimmed(_ scalars: Scalars) -> Scalars {
    var text = scalars
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "," { text.removeLast() }
    return text
  }
}
