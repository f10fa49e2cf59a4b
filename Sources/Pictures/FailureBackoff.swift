/// Failures remembered by key (a URL, a host) with a delay before the next try that doubles with each failure in a
/// row, up to a longest delay. A success forgets the key; once many are remembered, those whose delay has passed
/// are forgotten, so a whole catalogue on an unreachable host cannot grow it without bound.
public struct FailureBackoff<Key: Hashable & Sendable>: Sendable {
  public struct Record: Sendable {
    public var failure: PictureFailure
    public var inRow: Int
    public var retryAt: ContinuousClock.Instant
  }

  public let firstDelay: Duration
  public let longestDelay: Duration
  /// How many keys are remembered before those past their delay are pruned.
  public let remembered: Int
  public private(set) var records: [Key: Record] = [:]

  public init(firstDelay: Duration, longestDelay: Duration, remembered: Int = 10_000) {
    (self.firstDelay, self.longestDelay, self.remembered) = (firstDelay, longestDelay, remembered)
  }

  public init(_ configuration: NetworkConfiguration) {
    self.init(firstDelay: configuration.firstRetryDelay, longestDelay: configuration.longestRetryDelay)
  }

  /// The failure to give instead of trying `key` now, while its delay lasts.
  public func failure(for key: Key, now: ContinuousClock.Instant = .now) -> PictureFailure? {
    guard let record = records[key], now < record.retryAt else { return nil }
    return record.failure
  }

  public mutating func failed(_ key: Key, _ failure: PictureFailure, now: ContinuousClock.Instant = .now) {
    if records.count >= remembered { records = records.filter { $0.value.retryAt > now } }
    let inRow = (records[key]?.inRow ?? 0) + 1
    let delay = min(firstDelay * (1 << min(inRow - 1, 20)), longestDelay)
    records[key] = Record(failure: failure, inRow: inRow, retryAt: now + delay)
  }

  public mutating func succeeded(_ key: Key) { records[key] = nil }

  public mutating func forgetAll() { records.removeAll() }
}
