import Foundation
import ShopCatalog

/// What an item's row holds beside the item, computed by the catalogue's own rules so that the server's order,
/// search and sections agree with the in-memory catalogue's, and the row in COPY's text format.
enum PostgresRowValues {
  /// The price for sorting lowest first; +∞ when unreadable, so it goes last.
  static func priceUp(_ price: String) -> Double {
    PriceValue.parse(price).map { NSDecimalNumber(decimal: $0).doubleValue } ?? .infinity
  }

  /// For sorting highest first (the negation); +∞ when unreadable, so it goes last too.
  static func priceDown(_ price: String) -> Double {
    let up = priceUp(price)
    return up == .infinity ? .infinity : -up
  }

  /// A section's value: NULL (nil) when blank, as the in-memory catalogue groups.
  static func groupValue(_ value: String) -> String? {
    value.contains(where: { !$0.isWhitespace }) ? value : nil
  }

  static func json(_ object: [String: String]) -> String? {
    guard !object.isEmpty,
      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The row of `item` (numbered `id`), its picture at `picture`, as a line of COPY's text format in the order
  /// of ``PostgresSchema/copiedColumns``.
  static func copyLine(id: Int64, item: ShopItem, picture: String, into line: inout String) {
    var extra: [String: String] = [:]
    var extraGroups: [String: String] = [:]
    for field in item.extraFields {
      extra[field.key] = field.value
      if let value = groupValue(field.value) { extraGroups[field.key] = value }
    }
    let key = ItemKeys.titleSortKey(item.title)
    var bytea = "\\\\x"
    bytea.reserveCapacity(3 + key.count * 2)
    for byte in key {
      bytea.append(hexDigits[Int(byte >> 4)])
      bytea.append(hexDigits[Int(byte & 15)])
    }
    let fields: [String?] = [
      String(id), number(item.width), number(item.height), escaped(picture), escaped(item.price),
      escaped(item.title), escaped(item.shop), json(extra).map(escaped), number(priceUp(item.price)),
      number(priceDown(item.price)), bytea, escaped(ItemKeys.searchText(of: item)),
      groupValue(item.shop).map(escaped), groupValue(item.price).map(escaped), groupValue(item.title).map(escaped),
      json(extraGroups).map(escaped),
    ]
    for (index, field) in fields.enumerated() {
      if index > 0 { line.append("\t") }
      line.append(field ?? "\\N")
    }
    line.append("\n")
  }

  private static let hexDigits = Array("0123456789abcdef")

  private static func number(_ value: Double) -> String {
    value == .infinity ? "Infinity" : value == -.infinity ? "-Infinity" : "\(value)"
  }

  /// Text as COPY reads it: backslash, tab and line breaks escaped. PostgreSQL's text holds no NUL, so a NUL
  /// (which a JSON `\u0000` can carry) is stored as U+FFFD, the replacement character.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" })
    else { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
      case "\t": out.append(contentsOf: "\\t".unicodeScalars)
      case "\n": out.append(contentsOf: "\\n".unicodeScalars)
      case "\r": out.append(contentsOf: "\\r".unicodeScalars)
      case "\0": out.append("\u{FFFD}")
      default: out.append(scalar)
      }
    }
    return String(out)
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
