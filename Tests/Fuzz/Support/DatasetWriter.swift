import Foundation
import ShopCatalog

/// Writes items back out in each dataset format, so a fuzz target can check that reading what it wrote gives the
/// same items. Numbers (the sides, and extras the dataset wrote as numbers) are written so that they read back
/// exactly; every other field as text.
enum DatasetWriter {
  static func write(_ items: [ShopItem], as format: DatasetFormat) -> [UInt8] {
    switch format {
    case .json: Array(("[" + items.map(jsonObject).joined(separator: ",\n") + "]\n").utf8)
    case .jsonLines: Array(items.map { jsonObject($0) + "\n" }.joined().utf8)
    case .csv: csv(items)
    case .plist: plist(items)
    }
  }

  /// The fields of an item as a dataset names them; extras keep their own keys, and a number stays a number.
  private static func fields(_ item: ShopItem) -> [(key: String, value: String, isNumber: Bool)] {
    [
      ("w", DatasetValue.format(item.width), true), ("h", DatasetValue.format(item.height), true),
      ("img", item.imageURL, false), ("price", item.price, false), ("title", item.title, false),
      ("shop", item.shop, false),
    ] + item.extraFields.map { ($0.key, $0.value, $0.isNumber) }
  }

  private static func jsonObject(_ item: ShopItem) -> String {
    "{"
      + fields(item).map { jsonString($0.key) + ":" + ($0.isNumber ? $0.value : jsonString($0.value)) }
      .joined(separator: ",") + "}"
  }

  private static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20:
        out += "\\u00" + String(scalar.value >> 4, radix: 16) + String(scalar.value & 0xF, radix: 16)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// RFC 4180: every field quoted, quotes doubled; the header is the first item's field names (a CSV file gives
  /// every row the same fields).
  private static func csv(_ items: [ShopItem]) -> [UInt8] {
    guard let first = items.first else { return Array("w,h,price\n".utf8) }
    // Scalar by scalar: `"` and a combining mark after it are one Character, which a Character-wise replace skips.
    func quoted(_ text: String) -> String {
      var out = "\""
      for scalar in text.unicodeScalars {
        if scalar == "\"" { out += "\"" }
        out.unicodeScalars.append(scalar)
      }
      return out + "\""
    }
    var lines = [fields(first).map { quoted($0.key) }.joined(separator: ",")]
    lines += items.map { fields($0).map { quoted($0.value) }.joined(separator: ",") }
    return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
  }

  private static func plist(_ items: [ShopItem]) -> [UInt8] {
    let records: [[String: Any]] = items.map { item in
      var record: [String: Any] = [:]
      for field in fields(item) {
        record[field.key] = field.isNumber ? Double(field.value)! as Any : field.value as Any
      }
      return record
    }
    // XML 1.0 cannot carry most C0 controls (nor U+FFFE, U+FFFF), which a binary plist can hold, and Foundation
    // drops a U+FEFF that starts an XML string: those go binary.
    let xmlSafe = items.allSatisfy { item in
      fields(item).allSatisfy { field in
        [field.key, field.value].allSatisfy { $0.unicodeScalars.first != "\u{FEFF}" }
          && (field.key + field.value).unicodeScalars.allSatisfy {
            $0.value >= 0x20 ? $0.value < 0xFFFE : [0x09, 0x0A, 0x0D].contains($0.value)
          }
      }
    }
    let data = try! PropertyListSerialization.data(
      fromPropertyList: records, format: xmlSafe ? .xml : .binary, options: 0)
    return [UInt8](data)
  }
}
