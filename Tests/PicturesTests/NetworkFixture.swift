import Dispatch
import Foundation
import Locking

@testable import Pictures

/// A loader over the loopback server with its own disk cache in a temporary folder; deliveries timed.
final class NetworkFixture {
  let server: LoopbackServer
  let folder = TemporaryDirectory()
  let box = BoxSize(columns: 8, rows: 4)

  init() throws { server = try LoopbackServer() }

  /// The temporary XDG_CACHE_HOME's waterfall folder.
  var cacheFolder: String { PictureDiskCache.defaultFolder(environment: ["XDG_CACHE_HOME": folder.path]) }

  func loader(
    byteLimit: Int = 16 << 20, _ change: (inout PictureLoader.Configuration) -> Void = { _ in }
  ) -> (PictureLoader, TimedDeliveries) {
    let deliveries = TimedDeliveries()
    var configuration = PictureLoader.Configuration()
    configuration.diskCache = PictureDiskCache(folder: cacheFolder, byteLimit: byteLimit)
    change(&configuration)
    return (PictureLoader(configuration: configuration) { deliveries.append($0) }, deliveries)
  }

  func request(_ item: Int, _ url: String, priority: PicturePriority = .visible) -> PictureRequest {
    PictureRequest(item: item, key: PictureRenderKey(source: .remote(url), size: box), priority: priority)
  }

  func picture(_ name: String, delay: Int = 0) -> String { server.url("/picture/\(name).png?delay=\(delay)") }
}

/// Deliveries with the time each arrived.
final class TimedDeliveries: Sendable {
  private let results = Locked<[(PictureResult, ContinuousClock.Instant)]>([])
  var all: [PictureResult] { results.withLock { $0.map(\.0) } }
  var items: [Int] { all.map(\.request.item) }

  func append(_ result: PictureResult) { results.withLock { $0.append((result, .now)) } }

  func outcome(of item: Int) -> Result<PictureGrid, PictureFailure>? {
    results.withLock { $0.first { $0.0.request.item == item }?.0.outcome }
  }

  func arrival(of item: Int) -> ContinuousClock.Instant? {
    results.withLock { $0.first { $0.0.request.item == item }?.1 }
  }
}
