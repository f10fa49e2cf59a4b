/// RFC 8288 `Link` header values: `<https://…?page=2>; rel="next", <…>; rel="last"`.
public enum LinkHeader {
  /// The target of the first link whose `rel` includes `relation` (relation types are case-insensitive and a
  /// `rel` may list several, space-separated).
  public static func target(in header: String, relation: String) -> String? {
    var rest = Substring(header)
    while let open = rest.firstIndex(of: "<") {
      guard let close = rest[open...].firstIndex(of: ">") else { return nil }
      let target = String(rest[rest.index(after: open)..<close])
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
  private static func relations(in parameters: Substring) -> [String] {
    for parameter in parameters.split(separator: ";") {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingWhitespace().lowercased() == "rel" else { continue }
      var value = parts[1].trimmingWhitespace()
      if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
      return value.split(separator: " ").map { $0.lowercased() }
    }
    return []
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "," { text.removeLast() }
    return text
  }
}
