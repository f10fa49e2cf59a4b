import Foundation

/// A thread of its own for the import's COPY task. The import's caller waits for that task (a semaphore); were the
/// task on Swift's shared pool, callers that wait on pool threads (tests, side by side, on a 2-core machine) could
/// hold every pool thread and the task would never run.
final class ImportThread: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var stopped = false

  init() {
    let thread = Thread { [self] in run() }
    thread.name = "postgres import"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Ends the thread once its jobs have run.
  func stop() {
    condition.lock()
    stopped = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopped { condition.wait() }
      guard !jobs.isEmpty else {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
