/// What the runner's loop waits on for input. Injected: the terminal (which waits at most a tick) or a key
/// script (which also moves the simulated clock).
public protocol InputSource: AnyObject {
  /// The next batch: events (possibly none: time passed), a signal to end on, or the end of the input.
  func next() -> InputBatch
}

public enum InputBatch: Hashable, Sendable {
  case events([InputEvent])
  /// A quit signal arrived (SIGINT, SIGTERM, …): the loop ends and the caller dies of it.
  case signal(Int32)
  case end
}

/// A snapshot key script as an input source: each step is one batch; `wait:MS` moves the simulated clock.
public final class ScriptInput: InputSource {
  private var steps: ArraySlice<ScriptStep>
  private let clock: SimulatedClock

  public init(_ steps: [ScriptStep], clock: SimulatedClock) {
    self.steps = steps[...]
    self.clock = clock
  }

  public func next() -> InputBatch {
    guard let step = steps.popFirst() else { return .end }
    switch step {
    case .event(let event): return .events([event])
    case .wait(let milliseconds):
      clock.advance(by: milliseconds)
      return .events([])
    }
  }
}
