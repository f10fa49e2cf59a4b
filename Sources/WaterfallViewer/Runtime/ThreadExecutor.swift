import Dispatch
import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// The real executor: source work (a SQLite query, an HTTP page that may take its 20 s, a wait for a catalogue
/// still being read) runs on a few threads of its own, never on Dispatch's shared ones, which blocking work would
/// starve. A job's delay (the simulated latency) is waited out by a timer on a queue of its own; the job then waits
/// for a free worker. Only jobs not yet run are remembered, so cancelling leaves nothing behind.
public final class ThreadExecutor: BackgroundExecutor, Sendable {
  /// Workers: a page being fetched, one being read from a database and one spare, on a machine of two cores.
  public static let defaultWorkers = 3

  /// The threads of every executor's workers, so that work can tell where it runs.
  private static let workerMark = Locked<Set<pthread_t>>([])

  /// Whether the calling thread is one of an executor's workers.
  public static var isWorkerThread: Bool { workerMark.withLock { $0.contains(pthread_self()) } }

  private struct Job: Sendable {
    var id: Int
    var sequence: Int
    var work: @Sendable () -> Void
  }

  private struct State: Sendable {
    /// Scheduled and not run yet (still in its delay, or waiting for a worker): by sequence number.
    var scheduled: [Int: Int] = [:]
    /// Past their delay, in the order they became due.
    var ready: [Job] = []
    var nextSequence = 0
    var isShutDown = false
  }

  private let state = Locked(State())
  private let delays = DispatchQueue(label: "catalogue source delays")

  public init(workers: Int = ThreadExecutor.defaultWorkers) {
    for number in 1...max(1, workers) {
      // The workers hold the state, not the executor, so that it can end them when it goes.
      let thread = Thread { [state] in
        _ = Self.workerMark.withLock { $0.insert(pthread_self()) }
        defer { _ = Self.workerMark.withLock { $0.remove(pthread_self()) } }
        Self.work(state)
      }
      thread.name = "source \(number)"
      thread.start()
    }
  }

  deinit {
    state.withLock { $0.isShutDown = true }
    state.wakeWaiters()
  }

  public func schedule(id: Int, delayMilliseconds: Int, _ work: @escaping @Sendable () -> Void) {
    let job = state.withLock { state in
      state.nextSequence += 1
      state.scheduled[state.nextSequence] = id
      return Job(id: id, sequence: state.nextSequence, work: work)
    }
    guard delayMilliseconds > 0 else { return makeReady(job) }
    delays.asyncAfter(deadline: .now() + .milliseconds(delayMilliseconds)) { [state] in
      Self.makeReady(job, in: state)
    }
  }

  private func makeReady(_ job: Job) { Self.makeReady(job, in: state) }

  private static func makeReady(_ job: Job, in state: Locked<State>) {
    let isWanted = state.withLock { state in
      guard state.scheduled[job.sequence] != nil else { return false }
      state.ready.append(job)
      return true
    }
    if isWanted { state.wakeWaiters() }
  }

  public func cancel(id: Int) {
    state.withLock { state in
      state.scheduled = state.scheduled.filter { $0.value != id }
      state.ready.removeAll { $0.id == id }
    }
  }

  /// Jobs scheduled and not yet run or cancelled: what the executor remembers.
  public var waitingJobs: Int { state.withLock { $0.scheduled.count } }

  public func runDue() {}

  public var hasDueWork: Bool { false }

  /// A worker: the next ready job, run outside the lock, until the executor goes.
  private static func work(_ state: Locked<State>) {
    while true {
      state.wait { $0.isShutDown || !$0.ready.isEmpty }
      let job = state.withLock { state -> Job? in
        guard !state.isShutDown, !state.ready.isEmpty else { return nil }
        let job = state.ready.removeFirst()
        state.scheduled[job.sequence] = nil
        return job
      }
      guard let job else {
        if state.withLock({ $0.isShutDown }) { return }
        continue
      }
      job.work()
    }
  }
}
