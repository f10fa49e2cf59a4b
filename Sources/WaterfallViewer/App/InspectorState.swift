import WaterfallKit

/// The reuse inspector's own state: whether it is open, step mode, and the latest layout-pass events the engine
/// reported (its record, kept for showing; the engine stays the one source of truth).
public struct InspectorState: Sendable {
  public var isOpen = false
  /// Step mode: each key runs one layout pass; pages that arrive wait until step mode ends.
  public var isStepping = false
  /// The latest events, oldest first, at most ``logCapacity``, each with the number of the item it is about.
  public internal(set) var entries: [LogEntry] = []
  /// The latest events, oldest first.
  public var log: [LayoutPassEvent] { entries.map(\.event) }
  /// Until when (in the app's milliseconds) a reused box is flashed, by layout index.
  var flashUntil: [Int: Int] = [:]
  /// Messages held back in step mode.
  var heldMessages: [Message] = []
  /// The originals' visible-cell queries run beside ours on every pass (`c`, `--compare`); `nil` when off.
  public internal(set) var comparison: ReuseComparison?
  /// A projector's layout: the panel takes half the screen beside the waterfall.
  public internal(set) var halfScreen = false
  /// The pass the log is read back to (`[`, `]`), its newest line that pass's end; `nil`: the newest, live.
  public internal(set) var viewedPass: Int?

  static let logCapacity = 400
  /// How long a reused box is flashed.
  static let flashMilliseconds = 500

  public init() {}

  /// Keeps `events`; `itemNumber` gives the number (`#N`) of the item at a layout position, when it has one.
  mutating func record(_ events: [LayoutPassEvent], now: Int, itemNumber: (Int) -> Int? = { _ in nil }) {
    entries += events.map { LogEntry(event: $0, itemNumber: $0.item.flatMap(itemNumber)) }
    if entries.count > Self.logCapacity { entries.removeFirst(entries.count - Self.logCapacity) }
    flashUntil = flashUntil.filter { $0.value > now }
    for case .itemEntered(_, let item, _, .dequeued) in events {
      flashUntil[item] = now.saturatingAdd(Self.flashMilliseconds)
    }
  }

  func isFlashing(_ item: Int, now: Int) -> Bool { (flashUntil[item] ?? 0) > now }
}

/// A layout-pass event as the log shows it: the engine speaks of layout positions, the viewer of items by their
/// number (`#N`, the same everywhere on screen), read when the event happened.
public struct LogEntry: Sendable {
  public var event: LayoutPassEvent
  public var itemNumber: Int?
}

extension LayoutPassEvent {
  /// The layout position the event is about, if one item.
  var item: Int? {
    switch self {
    case .itemEntered(_, let item, _, _), .itemLeft(_, let item, _, _), .dataSourceCall(_, .cell(let item)): item
    default: nil
    }
  }
}
