/// A cache bounded in bytes: each value states its size, and the least recently used go first when a new one
/// does not fit. A value larger than the whole bound is not kept.
struct ByteBoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Entry: Sendable {
    var value: Value
    var bytes: Int
    var newer: Key?
    var older: Key?
  }

  let byteLimit: Int
  private(set) var byteCount = 0
  private var entries: [Key: Entry] = [:]
  private var newest: Key?
  private var oldest: Key?

  init(byteLimit: Int) {
    self.byteLimit = max(0, byteLimit)
  }

  var count: Int { entries.count }

  /// The value for `key`, which becomes the most recently used.
  mutating func value(for key: Key) -> Value? {
    guard let entry = entries[key] else { return nil }
    unlink(key)
    link(key)
    return entry.value
  }

  /// The value without touching the order (for looking without using).
  func peek(_ key: Key) -> Value? { entries[key]?.value }

  /// Keys from the most to the least recently used.
  var keysByRecentUse: [Key] {
    var keys: [Key] = []
    var cursor = newest
    while let key = cursor {
      keys.append(key)
      cursor = entries[key]?.older
    }
    return keys
  }

  /// Keeps `value` as the most recently used, first dropping the least recently used until it fits.
  mutating func insert(_ value: Value, bytes: Int, for key: Key) {
    remove(key)
    guard bytes <= byteLimit else { return }
    while byteCount + bytes > byteLimit, let oldest { remove(oldest) }
    entries[key] = Entry(value: value, bytes: bytes, newer: nil, older: nil)
    byteCount += bytes
    link(key)
  }

  mutating func remove(_ key: Key) {
    guard let entry = entries[key] else { return }
    unlink(key)
    entries[key] = nil
    byteCount -= entry.bytes
  }

  mutating func removeAll() {
    self = ByteBoundedCache(byteLimit: byteLimit)
  }

  /// Puts `key` at the newest end.
  private mutating func link(_ key: Key) {
    entries[key]?.older = newest
    entries[key]?.newer = nil
    if let newest { entries[newest]?.newer = key }
    newest = key
    if oldest == nil { oldest = key }
  }

  private mutating func unlink(_ key: Key) {
    guard let entry = entries[key] else { return }
    if let newer = entry.newer { entries[newer]?.older = entry.older } else { newest = entry.older }
    if let older = entry.older { entries[older]?.newer = entry.newer } else { oldest = entry.newer }
    entries[key]?.newer = nil
    entries[key]?.older = nil
  }
}
