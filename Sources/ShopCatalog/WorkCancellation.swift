import Locking

/// Told by whoever started a piece of work when its answer is no longer wanted (a search typed over, a filter's
/// count for text since changed). The work looks where it can stop (a scan every few thousand items, a wait for
/// the reader) or is stopped from outside (a SQLite statement interrupted, a server asked to cancel), and gives
/// up with no answer.
public final class WorkCancellation: Sendable {
  private let state = Locked((cancelled: false, onCancel: [Int: @Sendable () -> Void](), nextHandler: 0))

  public init() {}

  public var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Cancels; the stops of the work running now are called once, here.
  public func cancel() {
    let stops = state.withLock { state -> [@Sendable () -> Void] in
      guard !state.cancelled else { return [] }
      state.cancelled = true
      defer { state.onCancel = [:] }
      return Array(state.onCancel.values)
    }
    for stop in stops { stop() }
  }

  /// Runs `body` with `stop` called if the work is cancelled while it runs (at once if it was before).
  public func whileRunning<Result>(
    stoppedBy stop: @escaping @Sendable () -> Void, _ body: () throws -> Result
  ) rethrows -> Result {
    let handler = state.withLock { state -> Int? in
      guard !state.cancelled else { return nil }
      state.nextHandler += 1
      state.onCancel[state.nextHandler] = stop
      return state.nextHandler
    }
    if handler == nil { stop() }
    defer { if let handler { state.withLock { _ = $0.onCancel.removeValue(forKey: handler) } } }
    return try body()
  }
}
