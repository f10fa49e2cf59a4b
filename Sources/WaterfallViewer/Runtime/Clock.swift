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

  public func advance(by milliseconds: Int) {
    self.milliseconds += max(0, milliseconds)
  }
}
