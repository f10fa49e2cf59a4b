import Dispatch
import Foundation

/// Loads pictures on a small pool of worker threads: visible boxes first, then prefetches; decoded thumbnails and
/// drawn grids kept in caches bounded in bytes; loads cancelled by item or by generation. Results go to the
/// `deliver` closure given at creation, on a worker thread (or on the caller's thread for a cache hit in
/// ``request(_:)``). A cancelled load never reaches `deliver` once ``cancel(item:)`` (or its siblings) returned.
public final class PictureLoader: Sendable {
  public struct Configuration: Sendable {
    /// Worker threads: two is right on two cores (measured: 31 boxes/s with two, 35 with four).
    public var workers = 2
    public var renderCacheBytes = 64 << 20
    public var thumbnailCacheBytes = 64 << 20
    public var limits = PictureLimits()
    /// A cell's width over its height.
    public var cellAspect = 0.5
    /// How http(s) pictures are fetched (time limits, body limit, offline).
    public var network = NetworkConfiguration()
    /// Where fetched pictures are kept between runs; nil keeps them in a temporary folder for this loader only.
    public var diskCache: PictureDiskCache?
    /// Makes the fetcher of http(s) pictures, on the first one; nil: they fail, as this loader has no network.
    public var makeFetcher: (@Sendable (NetworkConfiguration) -> any PictureFetcher)?

    public init() {}
  }

  public typealias Delivery = @Sendable (PictureResult) -> Void

  private let core: LoaderCore

  public init(configuration: Configuration = Configuration(), deliver: @escaping Delivery) {
    core = LoaderCore(configuration: configuration, deliver: deliver)
    for number in 0..<max(1, configuration.workers) {
      let thread = Thread { [core] in core.workLoop() }
      thread.name = "picture worker \(number + 1)"
      thread.start()
    }
  }

  deinit { core.shutDown() }

  /// Asks for a picture. A grid already in the render cache is delivered at once, on this thread; otherwise the
  /// load is queued, replacing any queued load for the same item (its box may have changed size).
  public func request(_ request: PictureRequest) { core.request(request) }

  /// The drawn grid if it is in the render cache, for drawing at once without a round trip.
  public func cachedGrid(for key: PictureRenderKey) -> PictureGrid? { core.cachedGrid(for: key) }

  /// Cancels the loads for `item` (its box left the screen).
  public func cancel(item: PictureSlot) { core.cancel { $0.item == item } }

  /// Cancels the loads of generations before `generation` (after a reload).
  public func cancel(generationsBefore generation: Int) { core.cancel { $0.generation < generation } }

  // For the tests, which take the pool's order and cancellation apart with these.
  func cancelAll() { core.cancel { _ in true } }

  /// Holds back queued loads until ``resume()``; loads already running finish.
  func pause() { core.setPaused(true) }

  func resume() { core.setPaused(false) }

  public var statistics: PictureStatistics { core.statistics }

  /// Blocks until nothing is queued, running or being fetched (for tests, benchmarks and snapshots; never call it
  /// from `deliver`). Each fetch ends within its time limits, so this does too.
  public func waitUntilIdle() { core.waitUntilIdle() }

  /// Blocks until a cancel on another thread has taken its loads off the books and waits for the delivery under
  /// way (for the tests of cancelling during a delivery).
  func waitUntilACancelAwaitsDelivery() { core.state.wait { $0.cancelsAwaitingDelivery > 0 } }

  /// Blocks until every load is done or waiting for the network (for the tests of the fetcher's order).
  func waitUntilOnlyFetching() { core.waitUntilOnlyFetching() }

  /// How much of `url`'s body has arrived while it is fetched, and its announced length (for the tests).
  func fetchProgress(of url: String) -> (received: Int, expected: Int64)? {
    core.remote.withLock { $0?.fetcher }??.progress(of: url)
  }

  /// Empties both caches (the counters stay).
  public func removeCachedPictures() { core.removeCachedPictures() }
}
