/// Milliseconds since the runner started. Injected: the wall clock in the terminal, a simulated one in snapshots
/// and tests. The viewer itself only sees time as ``Message/tick(now:)``.
public protocol Clock: AnyObject {
  var milliseconds: Int { get }
}

/// Real time.
public final class WallClock: Clock {
  private let start = ContinuousClock.now

  public init() {}

  public var milliseconds: Int {
    let elapsed = start.duration(to: .now).components
    return Int(elapsed.seconds) * 1000 + Int(elapsed.attoseconds / 1_000_000_000_000_000)
  }
}

/// Time that passes only when told to (`wait:MS` in a key script).
public final class SimulatedClock: Clock {
  public private(set) var milliseconds = 0

  public init() {}

  /// Moves time on; it stops at the end of time instead of overflowing.
  public func advance(by milliseconds: Int) {
    self.milliseconds = self.milliseconds.saturatingAdd(max(0, milliseconds))
  }
}

extension Int {
  /// `self + other`, held at `Int.max` (or `Int.min`) instead of trapping: for times far in the future.
  func saturatingAdd(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}
