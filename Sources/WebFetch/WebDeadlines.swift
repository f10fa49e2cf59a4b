import Locking

/// A GET's two limits as it goes: the time to the server's answer (again from each redirect) and the whole time.
final class WebDeadlines: Sendable {
  private let end: ContinuousClock.Instant
  private let total: Duration
  /// When the server now asked must have answered; nil once the last one has. Set from the start, so the timer
  /// never sleeps past it.
  private let answerBy: Locked<ContinuousClock.Instant?>

  init(total: Duration, connect: Duration) {
    (self.total, end) = (total, .now + total)
    answerBy = Locked(.now + connect)
  }

  func expectAnswer(within limit: Duration) { answerBy.withLock { $0 = .now + limit } }

  func answered() { answerBy.withLock { $0 = nil } }

  /// Sleeps until a limit is missed, and says which; throws when cancelled (the GET ended first).
  func firstMissed(connect: Duration) async throws -> Result<WebAnswer, WebFailure> {
    while true {
      let now = ContinuousClock.now
      if now >= end { return .failure(WebFailure(.timedOut, "not fetched within \(total)")) }
      let waitingUntil = answerBy.withLock { $0 }
      if let waitingUntil, now >= waitingUntil {
        return .failure(WebFailure(.timedOut, "no answer within \(connect)", hostDown: true))
      }
      try await Task.sleep(until: min(waitingUntil ?? end, end), clock: .continuous)
    }
  }
}
