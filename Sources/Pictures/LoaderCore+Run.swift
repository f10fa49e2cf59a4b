import Dispatch

extension LoaderCore {
  /// Render cache, else a kept thumbnail or a decode, then the drawing; checks for cancellation between steps.
  func run(_ job: Job) {
    let key = job.request.key
    // Thumbnails and failures are kept by file path, or by URL for a remote picture.
    let name: String
    switch key.source {
    case .notLocal(let reason):
      // An `img` that is there but cannot be loaded failed; an item without one has nothing to fail.
      if key.source != .noPicture { state.withLock { $0.statistics.failed += 1 } }
      return finish(job, .failure(PictureFailure(.notLocal, reason)), fromCache: false)
    case .file(let file):
      name = file
    case .remote(let url):
      name = url
    }
    let pixelSize = key.pixelSizeToCover(cellAspect: configuration.cellAspect)
    let kept = state.withLock { state -> (PictureGrid?, Thumbnail?, PictureFailure?) in
      if let grid = state.renders.value(for: key) { return (grid, nil, nil) }
      let thumbnail = state.thumbnails.value(for: name).flatMap { $0.covers(pixelSize) ? $0 : nil }
      return (nil, thumbnail, state.failures.value(for: name))
    }
    if let grid = kept.0 { return finish(job, .success(grid), fromCache: true) }
    if let failure = kept.2 { return finish(job, .failure(failure), fromCache: false) }
    var thumbnail = kept.1
    if thumbnail == nil {
      guard !isCancelled(job) else { return drop(job) }
      var path = name
      if case .remote(let url) = key.source {
        guard let copy = localCopy(of: url, for: job) else { return }
        path = copy
      }
      let decoded = PictureDecoder.decode(path: path, covering: pixelSize, limits: configuration.limits).mapError {
        // Reasons name the URL, not the disk cache's file.
        path == name
          ? $0 : PictureFailure($0.kind, $0.reason.replacingOccurrences(of: path, with: RedactedURL.text(name)))
      }
      switch decoded {
      case .failure(let failure):
        state.withLock { state in
          state.statistics.failed += 1
          // A time-out may pass on a quieter machine, and a disk cache entry evicted under the decoder comes back
          // with a new fetch: only lasting failures are remembered.
          if failure.kind != .timedOut, path == name || failure.kind != .missing {
            state.failures.insert(failure, bytes: 256 + failure.reason.utf8.count, for: name)
          }
        }
        return finish(job, .failure(failure), fromCache: false)
      case .success(let decoded):
        state.withLock { state in
          state.statistics.decoded += 1
          state.thumbnails.insert(decoded, bytes: decoded.byteCount, for: name)
        }
        thumbnail = decoded
      }
    }
    guard let thumbnail, !isCancelled(job) else { return drop(job) }
    let outcome = PictureRenderer.render(
      thumbnail, size: key.size, symbols: key.style.symbols, colours: key.style.colours,
      cellAspect: configuration.cellAspect, cellPixels: key.style.cellPixels, deflatingPixels: key.style.deflatesPixels)
    state.withLock { state in
      switch outcome {
      case .success(let grid): state.renders.insert(grid, bytes: grid.byteCount, for: key)
      case .failure: state.statistics.failed += 1
      }
    }
    finish(job, outcome, fromCache: false)
  }

  private func isCancelled(_ job: Job) -> Bool {
    state.withLock { $0.cancelledRunning.contains(job.id) || $0.stopped }
  }

  /// Ends a cancelled job without delivering anything.
  func drop(_ job: Job) {
    state.withLock { state in
      state.running[job.id] = nil
      state.cancelledRunning.remove(job.id)
    }
    state.wakeWaiters()
  }

  /// Delivers the outcome unless the job was cancelled meanwhile. The job counts as running until the delivery
  /// is made, so ``waitUntilIdle()`` never returns between the two.
  func finish(_ job: Job, _ outcome: Result<PictureGrid, PictureFailure>, fromCache: Bool) {
    delivery.lock()
    defer { delivery.unlock() }
    let cancelled = state.withLock { state in
      let cancelled = state.cancelledRunning.remove(job.id) != nil || state.stopped
      if !cancelled { state.delivering.insert(job.id) }
      if fromCache && !cancelled { state.statistics.fromCache += 1 }
      if !cancelled, case .success = outcome { state.statistics.drawn += 1 }
      return cancelled
    }
    if !cancelled { deliver(PictureResult(request: job.request, outcome: outcome, fromCache: fromCache)) }
    state.withLock { state in
      state.running[job.id] = nil
      state.cancelledRunning.remove(job.id)
      state.delivering.remove(job.id)
    }
    state.wakeWaiters()
  }
}
