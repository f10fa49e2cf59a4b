import Dispatch
import Foundation
import Locking

@testable import Pictures
@testable import WebFetch

/// A loader over the loopback server with its own disk cache in a temporary folder.
final class NetworkFixture {
  let server: LoopbackServer
  let folder = TemporaryDirectory()
  let box = BoxSize(columns: 8, rows: 4)

  init() throws { server = try LoopbackServer() }

  /// The temporary XDG_CACHE_HOME's waterfall folder.
  var cacheFolder: String { PictureDiskCache.defaultFolder(environment: ["XDG_CACHE_HOME": folder.path]) }

  func loader(
    byteLimit: Int = 16 << 20, _ change: (inout PictureLoader.Configuration) -> Void = { _ in }
  ) -> (PictureLoader, Deliveries) {
    let deliveries = Deliveries()
    var configuration = PictureLoader.Configuration()
    configuration.diskCache = PictureDiskCache(folder: cacheFolder, byteLimit: byteLimit)
    configuration.makeFetcher = HTTPFetcher.maker
    change(&configuration)
    return (PictureLoader(configuration: configuration) { deliveries.append($0) }, deliveries)
  }

  /// Fetches `url` into the disk cache with a loader of its own, for the next loader to find there.
  func cache(_ url: String) {
    let (loader, _) = loader()
    loader.request(request(0, url))
    loader.waitUntilIdle()
  }

  func request(_ item: Int, _ url: String, priority: PicturePriority = .visible) -> PictureRequest {
    PictureRequest(item: PictureSlot(item), key: PictureRenderKey(source: .remote(url), size: box), priority: priority)
  }

  func picture(_ name: String, delay: Int = 0) -> String { server.url("/picture/\(name).png?delay=\(delay)") }

  /// A picture the server holds, in flight and unanswered, until ``LoopbackPictureServer/release(_:)`` of `key`.
  func heldPicture(_ name: String, key: String) -> String { server.url("/picture/\(name).png?hold=\(key)") }

  /// Time limits no slow machine reaches, for tests whose pictures the server holds until told.
  static func patient(_ configuration: inout PictureLoader.Configuration) {
    configuration.network.connectTimeout = .seconds(120)
    configuration.network.totalTimeout = .seconds(120)
  }
}

/// Polls `condition` until it holds or `seconds` pass (a bound for a broken build, not a measure); whether it held.
func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return true
}

/// What the loader delivers, in the order it arrived.
final class Deliveries: Sendable {
  private let results = Locked<[PictureResult]>([])
  var all: [PictureResult] { results.withLock { $0 } }
  var items: [Int] { all.map(\.request.item.rawValue) }

  func append(_ result: PictureResult) { results.withLock { $0.append(result) } }

  func outcome(of item: Int) -> Result<PictureGrid, PictureFailure>? {
    results.withLock { $0.first { $0.request.item.rawValue == item }?.outcome }
  }
}
