import Testing

@testable import Pictures

@Suite("Failure back-off")
struct FailureBackoffTests {
  let start = ContinuousClock.now
  let failure = PictureFailure(.network, "refused")

  @Test("the delay doubles with each failure in a row, up to the longest; a success forgets the key")
  func doubling() {
    var backoff = FailureBackoff<String>(firstDelay: .seconds(2), longestDelay: .seconds(10))
    var retryAts: [Duration] = []
    for _ in 0..<5 {
      backoff.failed("a", failure, now: start)
      retryAts.append(backoff.records["a"]!.retryAt - start)
    }
    #expect(retryAts == [.seconds(2), .seconds(4), .seconds(8), .seconds(10), .seconds(10)])
    #expect(backoff.failure(for: "a", now: start + .seconds(9)) == failure)
    #expect(backoff.failure(for: "a", now: start + .seconds(10)) == nil, "tried again once the delay has passed")
    #expect(backoff.failure(for: "b", now: start) == nil)
    backoff.succeeded("a")
    backoff.failed("a", failure, now: start)
    #expect(backoff.records["a"]!.retryAt - start == .seconds(2), "a success starts the count again")
  }

  @Test("once many are remembered, those past their delay are pruned and those still waiting kept")
  func pruning() {
    var backoff = FailureBackoff<Int>(firstDelay: .seconds(1), longestDelay: .seconds(60), remembered: 100)
    for key in 0..<99 { backoff.failed(key, failure, now: start) }
    backoff.failed(1000, failure, now: start + .seconds(30))
    #expect(backoff.records.count == 100)
    backoff.failed(1001, failure, now: start + .seconds(30))
    #expect(Set(backoff.records.keys) == [1000, 1001])
  }
}
