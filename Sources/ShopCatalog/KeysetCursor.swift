/// Where a page of a SQL query's result ends, SQLite's and PostgreSQL's alike: the last row's sort key and id (the
/// next page is the rows after them in `ORDER BY key, id`: a keyset, never an OFFSET), how many rows come before
/// it, and which section it is in. Carried as a ``PageCursor``'s text.
public struct KeysetCursor: Hashable, Sendable, SectionCursor {
  public typealias Key = KeysetKey

  /// Rows of the result before the next page.
  public var rank: Int
  /// The section the next page starts in (0 without sections).
  public var group: Int
  /// The last row's id and sort key; `nil`: the section's start.
  public var lastID: Int64?
  public var lastKey: Key

  public var token: String {
    "\(rank) \(group) \(lastID.map(String.init) ?? "-") \(lastKey.token)"
  }

  public init(rank: Int, group: Int, lastID: Int64?, lastKey: Key) {
    (self.rank, self.group, self.lastID, self.lastKey) = (rank, group, lastID, lastKey)
  }

  public init(sectionStart group: Int, rank: Int) {
    self.init(rank: rank, group: group, lastID: nil, lastKey: .none)
  }

  public init?(token: String) {
    let parts = token.split(separator: " ").map(String.init)
    guard parts.count == 4, let rank = Int(parts[0]), let group = Int(parts[1]) else { return nil }
    (self.rank, self.group) = (rank, group)
    lastID = Int64(parts[2])
    guard let lastKey = Key(token: parts[3]) else { return nil }
    self.lastKey = lastKey
  }
}

extension KeysetCursor {
  /// The result's first page.
  public static let start = KeysetCursor(rank: 0, group: 0, lastID: nil, lastKey: .none)
}
