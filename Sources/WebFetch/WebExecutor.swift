import Dispatch

/// Where the fetch tasks run: a queue of their own, not Swift's shared pool. Their callers are threads that block
/// until an answer (the feed's background executor, tests); were the fetches on the shared pool, as few blocked
/// callers as the machine has cores would starve it and wait forever (the pool does not grow). A serial queue is
/// enough: a fetch's own work is copying bytes, the waiting happens on NIO's event loops.
final class WebExecutor: TaskExecutor {
  static let shared = WebExecutor()
  private let queue = DispatchQueue(label: "web fetches")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
