import Testing
import WaterfallViewer

@Suite("Simulated time at its limits")
struct SimulatedTimeTests {
  @Test("the simulated clock stops at the end of time instead of trapping")
  func clockSaturates() {
    let clock = SimulatedClock()
    clock.advance(by: .max)
    clock.advance(by: 1)
    #expect(clock.milliseconds == .max)
  }

  @Test("work scheduled at the end of time, and reuse flashes then, do not trap")
  func executorAndFlashesSaturate() {
    let clock = SimulatedClock()
    clock.advance(by: .max - 10)
    let executor = SimulatedExecutor(clock: clock)
    let ran = Flag()
    executor.schedule(id: 1, delayMilliseconds: 1_000) { ran.set() }
    executor.runDue()
    #expect(!ran.value, "due at the end of time, not yet")
    clock.advance(by: 100)
    executor.runDue()
    #expect(ran.value)
  }

  @Test("a day's wait, with reuse labels flashing, runs: the longest wait a script may have")
  func longestWait() {
    let runner = OrganiseFixture.runner()
    let screen = AppFixture.screen(runner, "v j wait:86400000 j wait:86400000 j")
    #expect(screen.contains("┌"))
  }
}

/// A flag the executor's @Sendable work can set.
private final class Flag: @unchecked Sendable {
  private(set) var value = false
  func set() { value = true }
}
