import Dispatch
import Foundation
import Locking
import Testing

@testable import WaterfallViewer

/// The executor the terminal runs source work on (issue 30, point 8).
@Suite("Source work on threads of its own")
struct ThreadExecutorTests {
  @Test("work runs on the executor's own threads, and one job blocked does not stop the others")
  func ownThreads() {
    let executor = ThreadExecutor(workers: 2)
    let blocked = DispatchSemaphore(value: 0)
    let onWorker = Locked<[Bool]>([])
    let done = DispatchSemaphore(value: 0)
    // One job waits as a page fetch waits on a server; the rest must still run on the other worker.
    executor.schedule(id: 1, delayMilliseconds: 0) { _ = blocked.wait(timeout: .now() + 30) }
    for id in 2...5 {
      executor.schedule(id: id, delayMilliseconds: 0) {
        onWorker.withLock { $0.append(ThreadExecutor.isWorkerThread) }
        done.signal()
      }
    }
    for _ in 2...5 { #expect(done.wait(timeout: .now() + 30) == .success) }
    blocked.signal()
    #expect(onWorker.withLock { $0 } == [true, true, true, true])
    #expect(!ThreadExecutor.isWorkerThread)
  }

  @Test("jobs cancelled, and jobs run, are not remembered: what it keeps does not only grow")
  func forgetsCancelledAndRun() {
    let executor = ThreadExecutor()
    for id in 0..<1000 { executor.schedule(id: id, delayMilliseconds: 60_000) {} }
    #expect(executor.waitingJobs == 1000)
    for id in 0..<1000 { executor.cancel(id: id) }
    #expect(executor.waitingJobs == 0)
    executor.cancel(id: 5000)
    #expect(executor.waitingJobs == 0, "cancelling what was never scheduled keeps nothing")
    let ran = DispatchSemaphore(value: 0)
    for id in 0..<100 { executor.schedule(id: id, delayMilliseconds: 0) { ran.signal() } }
    for _ in 0..<100 { #expect(ran.wait(timeout: .now() + 30) == .success) }
    #expect(executor.waitingJobs == 0)
  }

  @Test("a job cancelled during its delay never runs; one scheduled after it with the same id does")
  func cancelledNeverRuns() {
    let executor = ThreadExecutor()
    let ran = Locked<[String]>([])
    let second = DispatchSemaphore(value: 0)
    executor.schedule(id: 7, delayMilliseconds: 50) { ran.withLock { $0.append("first") } }
    executor.cancel(id: 7)
    executor.schedule(id: 7, delayMilliseconds: 100) {
      ran.withLock { $0.append("second") }
      second.signal()
    }
    #expect(second.wait(timeout: .now() + 30) == .success)
    #expect(ran.withLock { $0 } == ["second"])
  }
}
