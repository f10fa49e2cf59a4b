import Pictures
import ShopCatalog
import WaterfallKit

/// The one loop behind the viewer, `waterfall snapshot` and the tests. What differs is injected: the input
/// source, the clock, the executor of background work and the output. The order of a step is written once, in
/// ``step(_:)``.
public final class Runner {
  /// How a run ended.
  public enum Ending: Hashable, Sendable {
    case quit
    case signal(Int32)
    case endOfInput
  }

  public let viewer: Viewer
  private let source: any CatalogueSource
  /// The source's reading progress last told to the viewer.
  private var toldProgress: ReadingProgress?
  /// Numbers match searches, measurings and far pages apart from page loads in the executor (which number
  /// them from 1 up).
  private var lastJob = 0
  /// The executor's job of each measuring's stretch on its way, by measuring number.
  private var measureJobs: [Int: Int] = [:]
  /// The latest match search of each purpose: its job, and what stops it when a newer one comes.
  private var matchJobs: [MatchSearch.Purpose: (job: Int, cancellation: WorkCancellation)] = [:]
  private var facetJobs: [ItemField: (job: Int, cancellation: WorkCancellation)] = [:]
  private let clock: any Clock
  private let executor: any BackgroundExecutor
  private let output: any ScreenOutput
  /// Opens links outside (the browser); a recorder in tests and snapshots.
  private let opener: any ExternalOpener
  /// Where background work leaves its results: every kind of result is a ``Message``.
  private let mailbox = Mailbox<Message>()
  private var screen: Screen
  /// Measure each frame's render time for the statistics overlay (not in snapshots, which must not vary).
  private let measuresFrames: Bool
  /// Loads pictures on its own worker threads; results come back through the mailbox.
  private let pictureLoader: PictureLoader?
  /// Wait, each step, until the pictures asked for are in (snapshots and tests: the frame is then the same
  /// whatever the machine's speed); the terminal never waits.
  private let waitsForPictures: Bool
  /// Draw a step's frame only when it is looked at (``drawPendingFrame()``): a script reads few of the frames it
  /// steps through, and drawing is pure, so a frame drawn later is the same. The terminal draws every step.
  private let drawsOnDemand: Bool
  private var framePending = false
  /// When the work of the frame not drawn yet began (its first input), when frames are measured.
  private var frameWorkStarted: ContinuousClock.Instant?

  /// `pictures`: the loader's settings, or `nil` for no pictures (the viewer's options must agree).
  public init(
    viewer: Viewer, source: any CatalogueSource, clock: any Clock, executor: any BackgroundExecutor,
    output: any ScreenOutput,
    pictures: PictureLoader.Configuration? = nil, waitsForPictures: Bool = false, measuresFrames: Bool = false,
    drawsOnDemand: Bool = false, opener: any ExternalOpener = RecordingOpener()
  ) {
    self.opener = opener
    self.drawsOnDemand = drawsOnDemand
    (self.viewer, self.source, self.clock, self.executor, self.output) = (viewer, source, clock, executor, output)
    self.measuresFrames = measuresFrames
    viewer.measuresWork = measuresFrames
    self.waitsForPictures = waitsForPictures
    let mailbox = self.mailbox
    pictureLoader = pictures.map { PictureLoader(configuration: $0) { mailbox.post(.pictureArrived($0)) } }
    screen = Screen(width: viewer.state.screenSize.width, height: viewer.state.screenSize.height)
  }

  /// Starts the viewer, then runs a step per input batch until the viewer quits, a signal arrives or the input
  /// ends.
  public func run(_ input: any InputSource) -> Ending {
    if start() == .quit { return .quit }
    while true {
      switch input.next() {
      case .end: return .endOfInput
      case .signal(let number): return .signal(number)
      case .events(let events): if step(events) == .quit { return .quit }
      }
    }
  }

  public enum StepResult: Hashable, Sendable {
    case running
    case quit
  }

  /// Sends ``Message/start`` and draws the first frame.
  @discardableResult
  public func start() -> StepResult {
    if perform(viewer.update(.start)) == .quit { return .quit }
    tellProgress()
    return step([])
  }

  /// One step, always in this order: the input events; the background work due now and the results waiting in
  /// the mailbox; a tick of the clock; then a frame.
  @discardableResult
  public func step(_ events: [InputEvent]) -> StepResult {
    if measuresFrames, frameWorkStarted == nil { frameWorkStarted = .now }
    for event in events where perform(viewer.update(.input(event))) == .quit { return .quit }
    // Work due now may schedule more work due now (a page that asks for the next, loading on to a search
    // match): on the simulated clock that runs in the same step, as it would without waiting on threads.
    repeat {
      executor.runDue()
      for message in mailbox.drain() where perform(viewer.update(message)) == .quit { return .quit }
    } while executor.hasDueWork
    if tellProgress() == .quit { return .quit }
    if waitsForPictures, let pictureLoader {
      // What the events and pages asked for, and what those pictures' arrival asks for in turn (a few rounds
      // at most: a picture's arrival asks for nothing new unless the layout moved).
      for _ in 0..<4 {
        pictureLoader.waitUntilIdle()
        let arrived = mailbox.drain()
        if arrived.isEmpty { break }
        for message in arrived where perform(viewer.update(message)) == .quit { return .quit }
      }
    }
    if perform(viewer.update(.tick(now: clock.milliseconds))) == .quit { return .quit }
    if drawsOnDemand {
      // Each step is a frame to the metrics, drawn or not: what they count is the state's, not the screen's.
      framePending = true
      viewer.noteFrame(microseconds: nil)
    } else {
      present()
    }
    return .running
  }

  /// Draws the last step's frame if it was left for later (``drawsOnDemand``).
  public func drawPendingFrame() {
    if framePending { present(noting: false) }
  }

  /// Draws the frame and, unless it was noted when its step ended, notes it in the metrics with its time.
  private func present(noting: Bool = true) {
    framePending = false
    let size = viewer.state.screenSize
    if screen.width != size.width || screen.height != size.height {
      screen = Screen(width: size.width, height: size.height)
      output.invalidate()
    }
    viewer.pictureStatistics = pictureLoader?.statistics
    let start = ContinuousClock.now
    viewer.render(into: &screen)
    if measuresFrames { viewer.lastFrameMicroseconds = start.duration(to: .now).microseconds }
    output.present(screen)
    guard noting else { return }
    let work = frameWorkStarted.map { $0.duration(to: .now).microseconds }
    frameWorkStarted = nil
    let largestBlank = viewer.metrics.largestBlank
    viewer.noteFrame(microseconds: work)
    if let work, work > SessionMetrics.frameBudgetMicroseconds {
      output.mark("frame over the 16.7 ms budget: \(SessionMetrics.microseconds(work))")
    }
    if viewer.metrics.largestBlank > largestBlank {
      output.mark("blank area: \(viewer.metrics.largestBlank) cells, the most yet")
    }
  }

  /// Tells the viewer how far the source has read, when that changed.
  @discardableResult
  private func tellProgress() -> StepResult {
    let progress = source.progress
    guard progress != toldProgress else { return .running }
    toldProgress = progress
    return perform(viewer.update(.readingProgressed(progress)))
  }

  /// Carries out effects in order; says whether one of them was to quit.
  /// The cancellation of job `lastJob`, which takes `key`'s place in `jobs`: the job there before it stops where it
  /// runs, or never starts.
  private func supersede<Key: Hashable>(
    _ jobs: inout [Key: (job: Int, cancellation: WorkCancellation)], _ key: Key
  ) -> WorkCancellation {
    let cancellation = WorkCancellation()
    if let superseded = jobs.updateValue((lastJob, cancellation), forKey: key) {
      superseded.cancellation.cancel()
      executor.cancel(id: superseded.job)
    }
    return cancellation
  }

  private func perform(_ effects: [Effect]) -> StepResult {
    for effect in effects {
      switch effect {
      case .quit: return .quit
      case .redrawAll: output.invalidate()
      case .copyToClipboard(let text): output.copyToClipboard(text)
      case .openExternally(let address):
        if let failure = opener.open(address), perform(viewer.update(.notice(failure))) == .quit { return .quit }
      case .cancelPageLoad(let request): executor.cancel(id: request)
      case .loadPicture(let request): pictureLoader?.request(request)
      case .cancelPicture(let item): pictureLoader?.cancel(item: item)
      case .cancelPictures(let generation): pictureLoader?.cancel(generationsBefore: generation)
      case .loadPage(let load):
        let (source, mailbox) = (self.source, self.mailbox)
        executor.schedule(id: load.request.number, delayMilliseconds: source.latencyMilliseconds) {
          let response = source.fetch(load.pageRequest)
          var location: (item: ItemID, rank: Int?)?
          if let item = load.locating, case .page(let page) = response, !page.ids.contains(item) {
            location = (item, source.rank(of: item, in: load.pageRequest.query))
          }
          mailbox.post(.pageArrived(PageDelivery(load: load, response: response, location: location)))
        }
      case .locateItem(let asked):
        let (source, mailbox) = (self.source, self.mailbox)
        lastJob -= 1
        executor.schedule(id: lastJob, delayMilliseconds: 0) {
          var found = asked
          found.rank = source.rank(of: asked.item, in: asked.query)
          mailbox.post(.itemLocated(found))
        }
      case .findMatches(let search):
        let (source, mailbox) = (self.source, self.mailbox)
        lastJob -= 1
        // Only the latest search of each purpose is worth an answer: the one before stops where it runs.
        let cancellation = supersede(&matchJobs, search.purpose)
        executor.schedule(id: lastJob, delayMilliseconds: 0) {
          if search.purpose == .filterCount {
            guard let count = source.countMatches(of: search.pattern, cancellation: cancellation) else { return }
            return mailbox.post(.matchesCounted(search, count: count))
          }
          guard let ranks = source.findMatches(of: search.pattern, in: search.query, cancellation: cancellation)
          else { return }
          mailbox.post(.matchesFound(FoundMatches(search: search, ranks: ranks)))
        }
      case .countFacet(let request):
        let (source, mailbox) = (self.source, self.mailbox)
        lastJob -= 1
        // A field's count for an earlier result stops where it runs.
        let cancellation = supersede(&facetJobs, request.field)
        executor.schedule(id: lastJob, delayMilliseconds: 0) {
          guard
            let counts = source.facet(
              request.field, in: request.query, limit: request.limit, cancellation: cancellation)
          else { return }
          mailbox.post(.facetCounted(request, counts))
        }
      case .measure(let load):
        // A stretch at a time, each after the source's latency: between two, the main loop runs.
        let (source, mailbox) = (self.source, self.mailbox)
        lastJob -= 1
        measureJobs[load.number] = lastJob
        executor.schedule(id: lastJob, delayMilliseconds: source.latencyMilliseconds) {
          mailbox.post(.measured(MeasureDelivery(load: load, response: source.measure(load.request))))
        }
      case .cancelMeasure(let number):
        if let job = measureJobs.removeValue(forKey: number) { executor.cancel(id: job) }
      case .loadFarPage(let load):
        let (source, mailbox) = (self.source, self.mailbox)
        lastJob -= 1
        executor.schedule(id: lastJob, delayMilliseconds: source.latencyMilliseconds) {
          mailbox.post(.farPageArrived(FarPageDelivery(load: load, response: source.fetch(load.pageRequest))))
        }
      }
    }
    return .running
  }
}
