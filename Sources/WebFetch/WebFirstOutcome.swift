import Locking

/// The first of a GET's possible endings (its answer, a missed limit, a cancel) resumes the waiting caller once;
/// the later ones are dropped, and what was registered to stop the others runs then.
final class WebFirstOutcome: Sendable {
  private struct State {
    var waiting: CheckedContinuation<Result<WebAnswer, WebFailure>, Never>?
    var early: Result<WebAnswer, WebFailure>?
    var done = false
    var stop: (@Sendable () -> Void)?
  }
  private let state = Locked(State())

  func await(_ continuation: CheckedContinuation<Result<WebAnswer, WebFailure>, Never>) {
    let early: Result<WebAnswer, WebFailure>? = state.withLock { state in
      guard let early = state.early else {
        state.waiting = continuation
        return nil
      }
      return early
    }
    if let early { continuation.resume(returning: early) }
  }

  func offer(_ outcome: Result<WebAnswer, WebFailure>) {
    let (resume, stop) = state.withLock {
      state -> (CheckedContinuation<Result<WebAnswer, WebFailure>, Never>?, (@Sendable () -> Void)?) in
      guard !state.done else { return (nil, nil) }
      state.done = true
      defer { (state.waiting, state.stop) = (nil, nil) }
      if state.waiting == nil { state.early = outcome }
      return (state.waiting, state.stop)
    }
    resume?.resume(returning: outcome)
    stop?()
  }

  /// Runs `stop` once an outcome is in (at once if it already is).
  func whenDone(_ stop: @escaping @Sendable () -> Void) {
    let already = state.withLock { state in
      if !state.done { state.stop = stop }
      return state.done
    }
    if already { stop() }
  }
}
