import Foundation
import GRDB
import ShopCatalog

/// Where a page of a SQLite query's result ends: the last row's sort key and id (the next page is the rows after
/// them in `ORDER BY key, id`: a keyset, never an OFFSET), how many rows come before it, and which section it
/// is in. Carried as a ``ShopCatalog/PageCursor``'s text.
struct KeysetCursor: Hashable, SectionCursor {
  typealias Key = KeysetKey

  /// Rows of the result before the next page.
  var rank: Int
  /// The section the next page starts in (0 without sections).
  var group: Int
  /// The last row's id and sort key; `nil`: the section's start.
  var lastID: Int64?
  var lastKey: Key

  var token: String {
    "\(rank) \(group) \(lastID.map(String.init) ?? "-") \(lastKey.token)"
  }

  init(rank: Int, group: Int, lastID: Int64?, lastKey: Key) {
    (self.rank, self.group, self.lastID, self.lastKey) = (rank, group, lastID, lastKey)
  }

  init(sectionStart group: Int, rank: Int) {
    self.init(rank: rank, group: group, lastID: nil, lastKey: .none)
  }

  init?(token: String) {
    let parts = token.split(separator: " ").map(String.init)
    guard parts.count == 4, let rank = Int(parts[0]), let group = Int(parts[1]) else { return nil }
    (self.rank, self.group) = (rank, group)
    lastID = Int64(parts[2])
    guard let lastKey = Key(token: parts[3]) else { return nil }
    self.lastKey = lastKey
  }
}

extension KeysetKey {
  /// A row's sort key as SQLite stored it: a number, text or blob compared as bytes, or nothing.
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
