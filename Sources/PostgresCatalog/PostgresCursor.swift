import Foundation

/// Where a page of a PostgreSQL query's result ends: the last row's sort key and id (the next page is the rows
/// after them in `ORDER BY key, id`: a keyset, never an OFFSET), the rows before it and its section. Carried as
/// a ``ShopCatalog/PageCursor``'s text.
struct PostgresCursor: Hashable {
  enum Key: Hashable {
    case none
    case number(Double)
    case bytes([UInt8])
  }

  var rank: Int
  var group: Int
  /// The last row's id and key; `nil`: the section's start.
  var lastID: Int64?
  var lastKey: Key

  static let start = PostgresCursor(rank: 0, group: 0, lastID: nil, lastKey: .none)

  init(rank: Int, group: Int, lastID: Int64?, lastKey: Key) {
    (self.rank, self.group, self.lastID, self.lastKey) = (rank, group, lastID, lastKey)
  }

  var token: String {
    let key: String =
      switch lastKey {
      case .none: "-"
      case .number(let number): "n" + String(number.bitPattern, radix: 16)
      case .bytes(let bytes): "b" + bytes.map { String(format: "%02x", $0) }.joined()
      }
    return "pg \(rank) \(group) \(lastID.map(String.init) ?? "-") \(key)"
  }

  init?(token: String) {
    let parts = token.split(separator: " ").map(String.init)
    guard parts.count == 5, parts[0] == "pg", let rank = Int(parts[1]), let group = Int(parts[2]) else { return nil }
    (self.rank, self.group, lastID) = (rank, group, Int64(parts[3]))
    let key = parts[4]
    if key == "-" {
      lastKey = .none
    } else if key.hasPrefix("n"), let bits = UInt64(key.dropFirst(), radix: 16) {
      lastKey = .number(Double(bitPattern: bits))
    } else if key.hasPrefix("b") {
      let hex = Array(key.utf8.dropFirst())
      guard hex.count.isMultiple(of: 2) else { return nil }
      var bytes: [UInt8] = []
      for index in stride(from: 0, to: hex.count, by: 2) {
        guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
        bytes.append(byte)
      }
      lastKey = .bytes(bytes)
    } else {
      return nil
    }
  }
}
