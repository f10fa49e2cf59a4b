import Foundation

/// Where each key of a TOML document is written, found in its text (TOMLKit keeps no positions for values): the
/// first line of the table that starts with the key, bare or quoted, followed by `=`.
struct KeyLines {
  private var entries: [(table: String?, key: String, line: Int)] = []

  init(_ text: String) {
    var table: String?
    for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("["), let end = line.firstIndex(of: "]") {
        table = line[line.index(after: line.startIndex)..<end].trimmingCharacters(in: .whitespaces)
        entries.append((nil, table!, offset + 1))
        continue
      }
      guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
      let written = line[..<equals].trimmingCharacters(in: .whitespaces)
      let key =
        written.hasPrefix("\"")
        ? Self.unescaped(written.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        : written.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
      entries.append((table, key, offset + 1))
    }
  }

  func line(of key: String, inTable table: String? = nil) -> Int? {
    entries.first { $0.table == table && $0.key == key }?.line
  }

  /// The key written on `line` when the same table has it on an earlier line too: what TOML refuses as a
  /// redefinition.
  func repeated(onLine line: Int) -> (table: String?, key: String, earlierLine: Int)? {
    guard let entry = entries.first(where: { $0.line == line }),
      let earlier = entries.first(where: { $0.table == entry.table && $0.key == entry.key && $0.line < line })
    else { return nil }
    return (entry.table, entry.key, earlier.line)
  }

  /// A TOML basic string's text with its escapes read (`\\`, `\"`, `\t`, `\u0003`, `\U0001F600`), as TOMLKit reads
  /// a quoted key, so a key written `"\u0003"` is found on its line.
  static func unescaped(_ text: String) -> String {
    var result = ""
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let kind = scalars.popFirst() else {
        result.unicodeScalars.append(scalar)
        continue
      }
      let named: [Unicode.Scalar: Unicode.Scalar] = ["b": "\u{08}", "t": "\t", "n": "\n", "f": "\u{0C}", "r": "\r"]
      if kind == "u" || kind == "U" {
        let digits = String(String.UnicodeScalarView(scalars.prefix(kind == "u" ? 4 : 8)))
        scalars = scalars.dropFirst(digits.unicodeScalars.count)
        result.unicodeScalars.append(UInt32(digits, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
      } else {
        result.unicodeScalars.append(named[kind] ?? kind)
      }
    }
    return result
  }
}
