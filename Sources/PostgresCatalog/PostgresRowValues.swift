import Foundation
import ShopCatalog

/// What an item's row holds beside the item, computed by the catalogue's own rules so that the server's order,
/// search and sections agree with the in-memory catalogue's, and the row in COPY's text format.
enum PostgresRowValues {
  /// The price for sorting lowest first; +∞ when unreadable, so it goes last.
  static func priceUp(_ price: String) -> Double {
    // Read from its digits, correctly rounded, as the server reads a numeric as a double (``PostgresRowKeys``):
    // NSDecimalNumber's doubleValue can be an ulp away.
    PriceValue.parse(price).flatMap { Double($0.description) } ?? .infinity
  }

  /// A section's value: NULL (nil) when blank, as the in-memory catalogue groups.
  static func groupValue(_ value: String) -> String? {
    value.contains(where: { !$0.isWhitespace }) ? value : nil
  }

  /// The fields as a JSON object for a `jsonb` column, which refuses `\u0000`: a NUL in a name or a value is
  /// stored as U+FFFD, as ``escaped(_:into:)`` stores it in text.
  static func json(_ object: [String: String]) -> String? {
    func withoutNUL(_ text: String) -> String {
      text.contains("\u{0}") ? text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text
    }
    let stored = Dictionary(object.map { (withoutNUL($0.key), withoutNUL($0.value)) }) { first, _ in first }
    guard !stored.isEmpty,
      let data = try? JSONSerialization.data(withJSONObject: stored, options: [.sortedKeys])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The row of `item` (numbered `id`), its picture at `picture`, as a line of COPY's text format in the order
  /// of ``PostgresSchema/copiedColumns``, appended as UTF-8 (bytes, not a String: the import's profile spent a
  /// third of its time growing and scanning Strings here).
  static func copyLine(
    id: Int64, item: ShopItem, picture: String, folder: inout ItemKeysFolder, into line: inout [UInt8]
  ) {
    var extra: [String: String] = [:]
    var extraGroups: [String: String] = [:]
    for field in item.extraFields {
      extra[field.key] = field.value
      if let value = groupValue(field.value) { extraGroups[field.key] = value }
    }
    let up = priceUp(item.price)
    line.append(contentsOf: String(id).utf8)
    for value in [item.width, item.height] {
      line.append(tab)
      number(value, into: &line)
    }
    for text in [picture, item.price, item.title, item.shop] {
      line.append(tab)
      escaped(text, into: &line)
    }
    line.append(tab)
    escaped(json(extra), into: &line)
    line.append(tab)
    number(up, into: &line)
    line.append(tab)
    // Highest first: the negation, parsed once; an unreadable price (+∞) goes last in this order too.
    number(up == .infinity ? .infinity : -up, into: &line)
    line.append(tab)
    // bytea's hex form, its backslash escaped for COPY.
    line.append(contentsOf: "\\\\x".utf8)
    for byte in folder.titleSortKey(item.title) {
      line.append(hexDigits[Int(byte >> 4)])
      line.append(hexDigits[Int(byte & 15)])
    }
    line.append(tab)
    escaped(folder.searchText(of: item), into: &line)
    for value in [groupValue(item.shop), groupValue(item.price), groupValue(item.title), json(extraGroups)] {
      line.append(tab)
      escaped(value, into: &line)
    }
    line.append(UInt8(ascii: "\n"))
  }

  private static let tab = UInt8(ascii: "\t")
  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func number(_ value: Double, into line: inout [UInt8]) {
    let text = value == .infinity ? "Infinity" : value == -.infinity ? "-Infinity" : "\(value)"
    line.append(contentsOf: text.utf8)
  }

  /// Text as COPY reads it: backslash, tab and line breaks escaped; nil as COPY's NULL. PostgreSQL's text holds no
  /// NUL, so a NUL (which a JSON `\u0000` can carry) is stored as U+FFFD, the replacement character.
  static func escaped(_ text: String?, into line: inout [UInt8]) {
    guard var text else { return line.append(contentsOf: "\\N".utf8) }
    text.withUTF8 { escaped($0, into: &line) }
  }

  static func escaped(_ bytes: some Collection<UInt8>, into line: inout [UInt8]) {
    guard bytes.contains(where: needsEscape) else {
      return line.append(contentsOf: bytes)
    }
    for byte in bytes {
      switch byte {
      case 0x5C: line.append(contentsOf: "\\\\".utf8)
      case 0x09: line.append(contentsOf: "\\t".utf8)
      case 0x0A: line.append(contentsOf: "\\n".utf8)
      case 0x0D: line.append(contentsOf: "\\r".utf8)
      case 0: line.append(contentsOf: "\u{FFFD}".utf8)
      default: line.append(byte)
      }
    }
  }

  /// A backslash, tab, line feed, carriage return or NUL.
  private static func needsEscape(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x5C, 0x09, 0x0A, 0x0D, 0: true
    default: false
    }
  }

  /// The picture's address as the viewer resolves it from anywhere: a path relative to the dataset file made
  /// absolute (the catalogue lives elsewhere); URLs and absolute paths as they are (as the SQLite import stores it).
  static func pictureAddress(_ item: ShopItem) -> String {
    let text = item.imageURL
    guard !text.isEmpty, !text.hasPrefix("/"), !item.sourceFile.isEmpty else { return text }
    if let colon = text.firstIndex(of: ":") {
      let scheme = text[..<colon]
      if scheme.count > 1 && scheme.first!.isLetter
        && scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
      {
        return text
      }
    }
    let folder = URL(fileURLWithPath: item.sourceFile).deletingLastPathComponent()
    return folder.appendingPathComponent(text).standardizedFileURL.path
  }
}
