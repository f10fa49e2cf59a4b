/// The figures teams read list virtualisation by, summed over the session: FlashList's blank area (viewport cells
/// of pictures not drawn yet), RecyclerView's create and bind counts with their mean times, frames over a 16.7 ms
/// budget (Android's frame overrun) and prefetch hits (a box that scrolls into view with its picture already
/// drawn, fetched while it was in the buffer). Times are measured only where the runner measures frames (the
/// terminal): a snapshot's frames take no time on its simulated clock, so its figures are counts only.
public struct SessionMetrics: Hashable, Sendable {
  /// A frame at 60 Hz.
  public static let frameBudgetMicroseconds = 16_667.0

  /// Frames drawn, and those measured.
  public internal(set) var frames = 0
  public internal(set) var measuredFrames = 0
  /// Frames whose work (the input's update, the layout pass, drawing, writing to the terminal) took longer than
  /// the budget; by how much in all, and the slowest frame.
  public internal(set) var framesOverBudget = 0
  public internal(set) var overrunMicroseconds = 0.0
  public internal(set) var slowestFrameMicroseconds = 0.0

  /// Blank cells in the last frame, the most in one frame, and the sum over every frame.
  public internal(set) var blankCells = 0
  public internal(set) var largestBlank = 0
  public internal(set) var blankSum = 0

  /// Cells bound to an item (their text prepared for it), and the time that took when measured.
  public internal(set) var binds = 0
  public internal(set) var measuredBinds = 0
  public internal(set) var bindMicroseconds = 0.0
  /// Cells created (the engine's count), and the time creating took when measured.
  public internal(set) var measuredCreates = 0
  public internal(set) var createMicroseconds = 0.0

  /// Whether the last frame awaited pictures (false: pictures are off, and nothing can be blank).
  public internal(set) var awaitsPictures = false
  /// Boxes that scrolled into view with their picture drawn already, and those that came in blank.
  public internal(set) var prefetchHits = 0
  public internal(set) var prefetchMisses = 0

  /// The boxes in view last frame, to tell which entered; `nil` before the first frame (and after a new query),
  /// whose boxes came with the page, not into view.
  var lastInView: Set<Int>?

  public init() {}

  /// One frame drawn: its blank cells, the boxes in view with whether each one's picture was ready (`nil` when
  /// pictures are off: no picture is awaited), and its time when measured.
  mutating func frame(blankCells blank: Int, inView: [Int: Bool]?, microseconds: Double?) {
    frames += 1
    awaitsPictures = inView != nil
    (blankCells, largestBlank, blankSum) = (blank, max(largestBlank, blank), blankSum + blank)
    if let inView {
      for (index, ready) in inView where lastInView.map({ !$0.contains(index) }) ?? false {
        if ready { prefetchHits += 1 } else { prefetchMisses += 1 }
      }
      lastInView = Set(inView.keys)
    }
    guard let microseconds else { return }
    measuredFrames += 1
    slowestFrameMicroseconds = max(slowestFrameMicroseconds, microseconds)
    if microseconds > Self.frameBudgetMicroseconds {
      framesOverBudget += 1
      overrunMicroseconds += microseconds - Self.frameBudgetMicroseconds
    }
  }

  /// Forgets which boxes were in view: after a new query the same places are other items, not ones that moved.
  mutating func forgetView() { lastInView = nil }

  mutating func bound(_ count: Int, microseconds: Double?) {
    binds += count
    guard let microseconds, count > 0 else { return }
    (measuredBinds, bindMicroseconds) = (measuredBinds + count, bindMicroseconds + microseconds)
  }

  mutating func created(microseconds: Double) {
    (measuredCreates, createMicroseconds) = (measuredCreates + 1, createMicroseconds + microseconds)
  }

  /// A time in microseconds, or in milliseconds from one.
  static func microseconds(_ value: Double) -> String {
    if value < 10 { return "\(Int((value * 10).rounded()) / 10).\(Int((value * 10).rounded()) % 10) us" }
    guard value >= 1000 else { return "\(Int(value.rounded())) us" }
    let tenths = Int((value / 100).rounded())
    return "\(tenths / 10).\(tenths % 10) ms"
  }

  /// The figures as lines `label  value`, for the statistics panel and `--show-stats` (the engine's counts of
  /// cells created and reused are beside them there).
  public var lines: [(label: String, value: String)] {
    let checks = prefetchHits + prefetchMisses
    let notMeasured = "not measured (a snapshot's clock stands still)"
    let picturesOff = frames > 0 && !awaitsPictures ? "none: pictures are off" : nil
    return [
      (
        "blank area",
        picturesOff ?? "\(blankCells) cells now, \(largestBlank) at most, \(blankSum) over \(frames) frames"
      ),
      (
        "binds",
        measuredBinds == 0
          ? "\(binds)" : "\(binds), \(Self.microseconds(bindMicroseconds / Double(measuredBinds))) each"
      ),
      (
        "create time",
        measuredCreates == 0 ? notMeasured : "\(Self.microseconds(createMicroseconds / Double(measuredCreates))) each"
      ),
      (
        "late frames",
        measuredFrames == 0
          ? notMeasured
          : "\(framesOverBudget) of \(measuredFrames) over 16.7 ms, \(Self.microseconds(overrunMicroseconds)) over in all, "
            + "slowest \(Self.microseconds(slowestFrameMicroseconds))"
      ),
      (
        "prefetch hits",
        picturesOff ?? (checks == 0 ? "none yet" : "\(prefetchHits) of \(checks) boxes came into view drawn")
      ),
    ]
  }
}
