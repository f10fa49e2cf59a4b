/// Clipping and wrapping by display columns, never splitting a wide character.
public enum TextLayout {
  /// The longest prefix of `text` that fits in `width` columns; when text is cut, it ends with `ellipsis`.
  public static func clip(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return text }
    let ellipsisWidth = DisplayWidth.of(ellipsis)
    guard width > ellipsisWidth else { return String(repeating: ".", count: width) }
    var result = ""
    var used = 0
    for character in text {
      let columns = DisplayWidth.of(character)
      if used + columns > width - ellipsisWidth { break }
      result.append(character)
      used += columns
    }
    return result + ellipsis
  }

  /// Splits `text` into at most `maximumLines` lines of at most `width` columns, breaking at spaces where it can
  /// and anywhere between characters where it must (CJK text has no spaces). The last line gets an ellipsis
  /// when text is left over.
  public static func wrap(_ text: String, toWidth width: Int, maximumLines: Int, ellipsis: String = "…") -> [String] {
    guard width > 0, maximumLines > 0 else { return [] }
    var lines: [String] = []
    var rest = Substring(text.trimmingLeadingSpaces())
    while !rest.isEmpty, lines.count < maximumLines {
      if lines.count == maximumLines - 1 {
        lines.append(clip(String(rest), toWidth: width, ellipsis: ellipsis))
        break
      }
      var used = 0
      var end = rest.startIndex
      var lastSpace: Substring.Index?
      while end < rest.endIndex {
        let columns = DisplayWidth.of(rest[end])
        if used + columns > width { break }
        if rest[end] == " " { lastSpace = end }
        used += columns
        end = rest.index(after: end)
      }
      if end < rest.endIndex, let lastSpace, lastSpace > rest.startIndex { end = lastSpace }
      if end == rest.startIndex { end = rest.index(after: end) }  // a character wider than the line
      lines.append(String(rest[..<end]).trimmingTrailingSpaces())
      rest = rest[end...].drop { $0 == " " }
    }
    return lines
  }
}

extension String {
  func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
  func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
