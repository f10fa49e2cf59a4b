import Dispatch
import Locking

/// Runs page fetches in the background and leaves the results in the runner's mailbox (pictures have their own
/// worker pool, the `PictureLoader`).
/// Injected: threads in the terminal, a deterministic simulation in snapshots and tests.
public protocol BackgroundExecutor: AnyObject {
  /// Runs `work` after `delayMilliseconds` (the simulated network latency). `id` lets it be cancelled.
  func schedule(id: Int, delayMilliseconds: Int, _ work: @escaping @Sendable () -> Void)
  /// Drops work that has not run yet; work already running finishes, and its result is dropped by staleness.
  func cancel(id: Int)
  /// Runs what is due by now (the simulation); threads need nothing here.
  func runDue()
  /// Whether work is due by now and has not run (work that due work scheduled); never for threads.
  var hasDueWork: Bool { get }
}

/// The executor for snapshots and tests: nothing runs until the simulated clock passes a job's due time; then
/// jobs run on the calling thread, in due order (ties in the order scheduled).
public final class SimulatedExecutor: BackgroundExecutor {
  private struct Job {
    var id: Int
    var due: Int
    var sequence: Int
    var work: () -> Void
  }

  private let clock: SimulatedClock
  private var jobs: [Job] = []
  private var sequence = 0

  public init(clock: SimulatedClock) {
    self.clock = clock
  }

  public func schedule(id: Int, delayMilliseconds: Int, _ work: @escaping @Sendable () -> Void) {
    sequence += 1
    jobs.append(
      Job(id: id, due: clock.milliseconds.saturatingAdd(max(0, delayMilliseconds)), sequence: sequence, work: work))
  }

  public func cancel(id: Int) {
    jobs.removeAll { $0.id == id }
  }

  public var hasDueWork: Bool { jobs.contains { $0.due <= clock.milliseconds } }

  public func runDue() {
    let now = clock.milliseconds
    let due = jobs.filter { $0.due <= now }.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
    jobs.removeAll { $0.due <= now }
    for job in due { job.work() }
  }
}
