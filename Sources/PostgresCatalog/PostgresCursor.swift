import ShopCatalog

/// Where a page of a PostgreSQL query's result ends: the last row's sort key and id (the next page is the rows
/// after them in `ORDER BY key, id`: a keyset, never an OFFSET), the rows before it and its section. Carried as
/// a ``ShopCatalog/PageCursor``'s text.
struct PostgresCursor: Hashable, SectionCursor {
  typealias Key = KeysetKey

  var rank: Int
  var group: Int
  /// The last row's id and key; `nil`: the section's start.
  var lastID: Int64?
  var lastKey: Key

  static let start = PostgresCursor(rank: 0, group: 0, lastID: nil, lastKey: .none)

  init(rank: Int, group: Int, lastID: Int64?, lastKey: Key) {
    (self.rank, self.group, self.lastID, self.lastKey) = (rank, group, lastID, lastKey)
  }

  init(sectionStart group: Int, rank: Int) {
    self.init(rank: rank, group: group, lastID: nil, lastKey: .none)
  }

  var token: String {
    "pg \(rank) \(group) \(lastID.map(String.init) ?? "-") \(lastKey.token)"
  }

  init?(token: String) {
    let parts = token.split(separator: " ").map(String.init)
    guard parts.count == 5, parts[0] == "pg", let rank = Int(parts[1]), let group = Int(parts[2]) else { return nil }
    (self.rank, self.group, lastID) = (rank, group, Int64(parts[3]))
    guard let lastKey = Key(token: parts[4]) else { return nil }
    self.lastKey = lastKey
  }
}
