import Dispatch
import Foundation
import Locking

/// The loader's shared state and its workers' loop. All mutable state is inside `state`.
final class LoaderCore: Sendable {
  struct Job: Sendable {
    var id: UInt64
    var request: PictureRequest
    /// Whether its picture has been fetched already (so a second miss in the disk cache is a failure, not a loop).
    var fetched = false
  }

  struct State: Sendable {
    var queue: [Job] = []
    var running: [UInt64: PictureRequest] = [:]
    /// Jobs waiting for the network, off the workers.
    var fetching: [UInt64: Job] = [:]
    /// URLs that failed, and when they may be asked for again.
    var remoteFailures: FailureBackoff<String>
    var cancelledRunning: Set<UInt64> = []
    /// Jobs whose delivery has begun: too late to cancel, so not counted as cancelled.
    var delivering: Set<UInt64> = []
    var nextID: UInt64 = 0
    var paused = false
    var stopped = false
    var renders: ByteBoundedCache<PictureRenderKey, PictureGrid>
    var thumbnails: ByteBoundedCache<String, Thumbnail>
    /// Files that failed, so a missing picture is not looked for again on every scroll step.
    var failures = ByteBoundedCache<String, PictureFailure>(byteLimit: 1 << 20)
    var statistics = PictureStatistics()
    /// Cancels that have done their part and wait for a delivery under way to end (for the tests).
    var cancelsAwaitingDelivery = 0

    /// Marks the running jobs that match as cancelled, except those already being delivered.
    mutating func cancelRunning(where matches: (PictureRequest) -> Bool) {
      for (id, running) in self.running where matches(running) && !delivering.contains(id) {
        if cancelledRunning.insert(id).inserted { statistics.cancelled += 1 }
      }
    }
  }

  let configuration: PictureLoader.Configuration
  let deliver: PictureLoader.Delivery
  let state: Locked<State>
  /// Counts queued jobs (and wake-ups on shutdown or resume).
  let queued = DispatchSemaphore(value: 0)
  /// Held while a result is delivered, so a cancel waits for a delivery under way; recursive so that `deliver`
  /// itself may cancel.
  let delivery = NSRecursiveLock()
  /// The fetcher and the disk cache, made on the first remote picture.
  let remote = Locked<Remote?>(nil)

  init(configuration: PictureLoader.Configuration, deliver: @escaping PictureLoader.Delivery) {
    self.configuration = configuration
    self.deliver = deliver
    state = Locked(
      State(
        remoteFailures: FailureBackoff(configuration.network),
        renders: ByteBoundedCache(byteLimit: configuration.renderCacheBytes),
        thumbnails: ByteBoundedCache(byteLimit: configuration.thumbnailCacheBytes)))
  }

  func request(_ request: PictureRequest) {
    var stoppedFetches: [(String, UInt64)] = []
    var raised: (url: String, priority: PicturePriority)?
    defer {
      stopFetches(stoppedFetches)
      if let raised { remote.withLock { $0?.fetcher }??.raisePriority(of: raised.url, to: raised.priority) }
    }
    let (cached, queuedNew): (PictureGrid?, Bool) = state.withLock { state in
      if request.key.source == .noPicture {
        state.statistics.withoutPicture += 1
      } else {
        state.statistics.requested += 1
      }
      if let grid = state.renders.value(for: request.key) {
        state.statistics.fromCache += 1
        state.statistics.drawn += 1
        return (grid, false)
      }
      if let id = state.fetching.first(where: {
        $0.value.request.item == request.item && $0.value.request.key == request.key
      })?.key {
        // Already on its way; a prefetch whose box came on screen moves up.
        if request.priority > state.fetching[id]!.request.priority {
          state.fetching[id]?.request.priority = request.priority
          if case .remote(let url) = request.key.source { raised = (url, request.priority) }
        }
        return (nil, false)
      }
      if let id = state.running.first(where: {
        $0.value.item == request.item && $0.value.key == request.key && !state.cancelledRunning.contains($0.key)
      })?.key {
        // A worker has it already; a higher priority goes with it if it is handed to the fetcher.
        if request.priority > state.running[id]!.priority { state.running[id]?.priority = request.priority }
        return (nil, false)
      }
      let replaced = state.queue.count
      state.queue.removeAll { $0.request.item == request.item }
      state.statistics.cancelled += replaced - state.queue.count
      stoppedFetches += Self.removeFetching(from: &state) { $0.item == request.item }
      state.cancelRunning { $0.item == request.item && $0.key != request.key }
      state.nextID += 1
      state.queue.append(Job(id: state.nextID, request: request))
      return (nil, true)
    }
    if let cached {
      deliver(PictureResult(request: request, outcome: .success(cached), fromCache: true))
    } else if queuedNew {
      queued.signal()
    }
  }

  func cachedGrid(for key: PictureRenderKey) -> PictureGrid? {
    state.withLock { $0.renders.value(for: key) }
  }

  func cancel(where matches: (PictureRequest) -> Bool) {
    let stoppedFetches = state.withLock { state in
      let before = state.queue.count
      state.queue.removeAll { matches($0.request) }
      state.statistics.cancelled += before - state.queue.count
      state.cancelRunning(where: matches)
      return Self.removeFetching(from: &state, where: matches)
    }
    state.wakeWaiters()
    stopFetches(stoppedFetches)
    // Wait for a delivery under way on another thread: after this, no cancelled load is delivered.
    state.withLock { $0.cancelsAwaitingDelivery += 1 }
    state.wakeWaiters()
    delivery.lock()
    delivery.unlock()
    state.withLock { $0.cancelsAwaitingDelivery -= 1 }
  }

  func setPaused(_ paused: Bool) {
    let wake = state.withLock { state in
      state.paused = paused
      return paused ? 0 : state.queue.count
    }
    state.wakeWaiters()
    for _ in 0..<wake { queued.signal() }
  }

  func shutDown() {
    state.withLock { state in
      state.stopped = true
      state.queue.removeAll()
    }
    state.wakeWaiters()
    for _ in 0..<max(1, configuration.workers) { queued.signal() }
    shutDownRemote()
  }

  var statistics: PictureStatistics {
    var statistics = state.withLock { state in
      var statistics = state.statistics
      statistics.renderCacheBytes = state.renders.byteCount
      statistics.thumbnailCacheBytes = state.thumbnails.byteCount
      return statistics
    }
    statistics.mostFetchesAtOnce = remote.withLock { $0?.fetcher?.mostAtOnce ?? 0 }
    return statistics
  }

  /// Sleeps until no job is queued (or the queue is paused), running or waiting for the network, or the loader is
  /// shut down. Every change that can end a wait wakes it (``Locked/wakeWaiters()``): a job finished or dropped,
  /// a fetch ended, jobs cancelled, a pause, the shutdown.
  func waitUntilIdle() {
    // Network loads count too; each ends within its time limits.
    state.wait { state in
      state.fetching.isEmpty && (state.queue.isEmpty || state.paused) && state.running.isEmpty || state.stopped
    }
  }

  /// Sleeps until every job is done or waiting for the network (for the tests, which then release the server).
  func waitUntilOnlyFetching() {
    state.wait { state in (state.queue.isEmpty || state.paused) && state.running.isEmpty || state.stopped }
  }

  func removeCachedPictures() {
    state.withLock { state in
      state.renders.removeAll()
      state.thumbnails.removeAll()
      state.failures.removeAll()
      state.remoteFailures.forgetAll()
    }
  }

  /// A worker's loop: the most urgent queued job, oldest first among equals, until shut down.
  func workLoop() {
    while true {
      queued.wait()
      let next: Job?? = state.withLock { state in
        if state.stopped { return .some(nil) }
        guard !state.paused, !state.queue.isEmpty else { return nil }
        var best = 0
        for index in state.queue.indices.dropFirst()
        where state.queue[index].request.priority > state.queue[best].request.priority {
          best = index
        }
        let job = state.queue.remove(at: best)
        state.running[job.id] = job.request
        return .some(job)
      }
      guard let next else { continue }
      guard let job = next else { return }
      run(job)
    }
  }
}
