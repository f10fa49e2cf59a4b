/// Keeps the latest layout-pass events in a bounded ring buffer. Set one as ``WaterfallView/eventRecorder`` to
/// listen; with none set, the view records nothing and the layout pass pays one `nil` check per event site.
///
/// Not thread-safe, like the view: read it from the thread that drives the view.
public final class LayoutEventRecorder {
  /// The most events kept; older ones are overwritten.
  public let capacity: Int
  /// Events overwritten because the buffer was full, since the recorder was made or last emptied.
  public private(set) var overwrittenCount = 0
  private var storage: [LayoutPassEvent] = []
  /// Where the oldest event is, once the buffer is full.
  private var oldest = 0

  public init(capacity: Int = 4096) {
    self.capacity = max(1, capacity)
  }

  /// The kept events, oldest first.
  public var events: [LayoutPassEvent] {
    Array(storage[oldest...] + storage[..<oldest])
  }

  /// Returns the kept events, oldest first, and empties the buffer.
  public func takeEvents() -> [LayoutPassEvent] {
    defer { removeAll() }
    return events
  }

  public func removeAll() {
    storage.removeAll(keepingCapacity: true)
    oldest = 0
    overwrittenCount = 0
  }

  func record(_ event: LayoutPassEvent) {
    if storage.count < capacity {
      storage.append(event)
    } else {
      storage[oldest] = event
      oldest = (oldest + 1) % capacity
      overwrittenCount += 1
    }
  }
}
