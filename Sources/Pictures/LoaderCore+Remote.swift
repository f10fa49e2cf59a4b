import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension LoaderCore {
  /// What remote pictures need, made on first use so loaders of local files never start a fetcher.
  struct Remote: Sendable {
    /// Nil when the loader was given no way to fetch (``PictureLoader/Configuration/makeFetcher``).
    let fetcher: (any PictureFetcher)?
    let diskCache: PictureDiskCache
    /// Set when the disk cache is this loader's own temporary folder, removed at shutdown.
    let ownedFolder: String?
  }

  var remoteParts: Remote {
    remote.withLock { remote in
      if let remote { return remote }
      let fetcher = configuration.makeFetcher?(configuration.network)
      var ownedFolder: String?
      let diskCache =
        configuration.diskCache
        ?? {
          let folder = NSTemporaryDirectory() + "waterfall-pictures-\(getpid())-\(UUID().uuidString)"
          ownedFolder = folder
          return PictureDiskCache(folder: folder, byteLimit: configuration.network.maximumBodyBytes * 4)
        }()
      // The fetcher calls back into this core (shutDownRemote breaks the cycle), on its own queue: the disk
      // write goes elsewhere so other fetches' data keeps flowing. The jobs stay in `fetching` until then.
      fetcher?.setCompletion { [self] url, outcome, waiters in
        DispatchQueue.global().async { [self] in fetched(url, outcome, waiters: waiters) }
      }
      let made = Remote(fetcher: fetcher, diskCache: diskCache, ownedFolder: ownedFolder)
      remote = made
      return made
    }
  }

  /// On a worker: the disk cache's copy of `url` to decode, or nil when the job was ended here or handed to the
  /// fetcher (which re-queues it once the bytes are on disk).
  func localCopy(of url: String, for job: Job) -> String? {
    let shown = RedactedURL.text(url)
    let parts = remoteParts
    if let path = parts.diskCache.path(for: url) {
      state.withLock { $0.statistics.fromDiskCache += 1 }
      return path
    }
    if let failure = state.withLock({ $0.remoteFailures.failure(for: url) }) {
      finish(job, .failure(failure), fromCache: false)
      return nil
    }
    guard let fetcher = parts.fetcher, !configuration.network.offline, !job.fetched else {
      let failure =
        job.fetched
        ? PictureFailure(.unreadable, "fetched, but gone from the disk cache: \(shown)")
        : configuration.network.offline
          ? PictureFailure(.offline, "offline, and not in the picture cache: \(shown)")
          : PictureFailure(.network, "this loader fetches nothing over the network: \(shown)")
      finish(job, .failure(failure), fromCache: false)
      return nil
    }
    let handedOver: PicturePriority? = state.withLock { state in
      // Asked for again while it ran, perhaps as visible now.
      let asked = state.running.removeValue(forKey: job.id)?.priority ?? job.request.priority
      if state.cancelledRunning.remove(job.id) != nil || state.stopped { return nil }
      var waiting = job
      waiting.request.priority = max(asked, job.request.priority)
      state.fetching[job.id] = waiting
      return waiting.request.priority
    }
    state.wakeWaiters()
    if let priority = handedOver { fetcher.fetch(url, waiter: job.id, priority: priority) }
    return nil
  }

  /// A fetch ended: the bytes go to the disk cache (even when nobody waits any more) and the waiting jobs back
  /// to the workers, or the failure to each of them, remembered with a growing delay before the next try.
  func fetched(_ url: String, _ outcome: Result<[UInt8], PictureFailure>, waiters: Set<UInt64>) {
    var outcome = outcome
    if case .success(let bytes) = outcome, case .failure(let failure) = remoteParts.diskCache.store(bytes, for: url) {
      outcome = .failure(failure)
    }
    let (requeued, failed): ([Job], [Job]) = state.withLock { state in
      let jobs = waiters.compactMap { state.fetching.removeValue(forKey: $0) }
      switch outcome {
      case .success:
        state.remoteFailures.succeeded(url)
        state.statistics.fetched += 1
        for var job in jobs {
          job.fetched = true
          state.queue.append(job)
        }
        return (jobs, [])
      case .failure(let failure):
        state.remoteFailures.failed(url, failure)
        state.statistics.failed += jobs.count
        // Running until delivered, so waitUntilIdle does not return between here and the delivery.
        for job in jobs { state.running[job.id] = job.request }
        return ([], jobs)
      }
    }
    state.wakeWaiters()
    for _ in requeued { queued.signal() }
    if case .failure(let failure) = outcome {
      for job in failed { finish(job, .failure(failure), fromCache: false) }
    }
  }

  /// Takes the jobs waiting for the network that match off the books; returns what to tell the fetcher.
  static func removeFetching(from state: inout State, where matches: (PictureRequest) -> Bool) -> [(String, UInt64)] {
    var stopped: [(String, UInt64)] = []
    for (id, job) in state.fetching where matches(job.request) {
      state.fetching[id] = nil
      state.statistics.cancelled += 1
      if case .remote(let url) = job.request.key.source { stopped.append((url, id)) }
    }
    return stopped
  }

  func stopFetches(_ stopped: [(String, UInt64)]) {
    guard !stopped.isEmpty, let fetcher = remote.withLock({ $0?.fetcher }) ?? nil else { return }
    for (url, waiter) in stopped { fetcher.cancel(url, waiter: waiter) }
  }

  func shutDownRemote() {
    guard let parts = remote.withLock({ $0 }) else { return }
    parts.fetcher?.shutDown()
    parts.fetcher?.setCompletion(nil)
    if let folder = parts.ownedFolder { try? FileManager.default.removeItem(atPath: folder) }
  }
}
