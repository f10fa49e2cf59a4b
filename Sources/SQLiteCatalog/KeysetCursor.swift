import Foundation
import GRDB

/// Where a page of a SQLite query's result ends: the last row's sort key and id (the next page is the rows after
/// them in `ORDER BY key, id`: a keyset, never an OFFSET), how many rows come before it, and which section it
/// is in. Carried as a ``ShopCatalog/PageCursor``'s text.
struct KeysetCursor: Hashable {
  enum Key: Hashable {
    case none
    case number(Double)
    case bytes([UInt8])

    init(_ value: DatabaseValue) {
      switch value.storage {
      case .double(let number): self = .number(number)
      case .int64(let number): self = .number(Double(number))
      case .blob(let data): self = .bytes(Array(data))
      case .string(let text): self = .bytes(Array(text.utf8))
      case .null: self = .none
      }
    }

    var databaseValue: DatabaseValue {
      switch self {
      case .none: .null
      case .number(let number): number.databaseValue
      case .bytes(let bytes): Data(bytes).databaseValue
      }
    }
  }

  /// Rows of the result before the next page.
  var rank: Int
  /// The section the next page starts in (0 without sections).
  var group: Int
  /// The last row's id and sort key; `nil`: the section's start.
  var lastID: Int64?
  var lastKey: Key

  var token: String {
    let key: String =
      switch lastKey {
      case .none: "-"
      case .number(let number): "n" + String(number.bitPattern, radix: 16)
      case .bytes(let bytes): "b" + bytes.map { String(format: "%02x", $0) }.joined()
      }
    return "\(rank) \(group) \(lastID.map(String.init) ?? "-") \(key)"
  }

  init(rank: Int, group: Int, lastID: Int64?, lastKey: Key) {
    (self.rank, self.group, self.lastID, self.lastKey) = (rank, group, lastID, lastKey)
  }

  init?(token: String) {
    let parts = token.split(separator: " ").map(String.init)
    guard parts.count == 4, let rank = Int(parts[0]), let group = Int(parts[1]) else { return nil }
    (self.rank, self.group) = (rank, group)
    lastID = Int64(parts[2])
    let key = parts[3]
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
