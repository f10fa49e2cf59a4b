import WaterfallKit

/// The reuse inspector's own state: whether it is open, step mode, and the latest layout-pass events the engine
/// reported (its record, kept for showing; the engine stays the one source of truth).
public struct InspectorState: Sendable {
  public var isOpen = false
  /// Step mode: each key runs one layout pass; pages that arrive wait until step mode ends.
  public var isStepping = false
  /// The latest events, oldest first, at most ``logCapacity``.
  public internal(set) var log: [LayoutPassEvent] = []
  /// Until when (in the app's milliseconds) a reused box is flashed, by layout index.
  var flashUntil: [Int: Int] = [:]
  /// Messages held back in step mode.
  var heldMessages: [Message] = []

  static let logCapacity = 400
  /// How long a reused box is flashed.
  static let flashMilliseconds = 500

  public init() {}

  mutating func record(_ events: [LayoutPassEvent], now: Int) {
    log += events
    if log.count > Self.logCapacity { log.removeFirst(log.count - Self.logCapacity) }
    flashUntil = flashUntil.filter { $0.value > now }
    for case .itemEntered(_, let item, _, .dequeued) in events {
      flashUntil[item] = now.saturatingAdd(Self.flashMilliseconds)
    }
  }

  func isFlashing(_ item: Int, now: Int) -> Bool { (flashUntil[item] ?? 0) > now }
}
