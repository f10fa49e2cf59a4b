/// Failures remembered by key (a URL, a host) with a delay before the next try that doubles with each failure in a
/// row, up to a longest delay. A success forgets the key; once many are remembered, those whose delay has passed
/// are forgotten, so a whole catalogue on an unreachable host cannot grow it without bound.
struct FailureBackoff<Key: Hashable & Sendable>: Sendable {
  struct Record: Sendable {
    var failure: PictureFailure
    var inRow: Int
    var retryAt: ContinuousClock.Instant
  }

  let firstDelay: Duration
  let longestDelay: Duration
  /// How many keys are remembered before those past their delay are pruned.
  let remembered: Int
  private(set) var records: [Key: Record] = [:]

  init(firstDelay: Duration, longestDelay: Duration, remembered: Int = 10_000) {
    (self.firstDelay, self.longestDelay, self.remembered) = (firstDelay, longestDelay, remembered)
  }

  init(_ configuration: NetworkConfiguration) {
    self.init(firstDelay: configuration.firstRetryDelay, longestDelay: configuration.longestRetryDelay)
  }

  /// The failure to give instead of trying `key` now, while its delay lasts.
  func failure(for key: Key, now: ContinuousClock.Instant = .now) -> PictureFailure? {
    guard let record = records[key], now < record.retryAt else { return nil }
    return record.failure
  }

  mutating func failed(_ key: Key, _ failure: PictureFailure, now: ContinuousClock.Instant = .now) {
    if records.count >= remembered { records = records.filter { $0.value.retryAt > now } }
    let inRow = (records[key]?.inRow ?? 0) + 1
    let delay = min(firstDelay * (1 << min(inRow - 1, 20)), longestDelay)
    records[key] = Record(failure: failure, inRow: inRow, retryAt: now + delay)
  }

  mutating func succeeded(_ key: Key) { records[key] = nil }

  mutating func forgetAll() { records.removeAll() }
}
