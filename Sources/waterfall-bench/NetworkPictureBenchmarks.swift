import Foundation
import Locking
import Pictures
import TestSupport
import WebFetch

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A screen of 20 pictures over loopback, 100 ms added to each request by the test server
/// (Tests/PicturesTests/Server/picture_server.py): time until all 20 grids are delivered through the loader, against
/// fetching, decoding and drawing the same URLs one after another in the same run; then the same screen from the
/// disk cache (a new loader, so the render cache is cold).
struct NetworkPictureBenchmarks {
  let quick: Bool

  func run() -> [Figure] {
    guard let server = BenchServer.start(script: LoopbackPictureServer.pictureServerScript) else {
      print("(network: could not start the loopback server with python3; skipped)")
      return []
    }
    defer { server.stop() }
    let folder = NSTemporaryDirectory() + "waterfall-bench-network-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let urls = (0..<20).map { "http://127.0.0.1:\(server.port)/picture/bench-\($0).png?delay=100&size=480x360" }
    // The server draws each picture once and keeps it: fetch them all once before timing.
    _ = Self.sequential(urls, folder: folder)
    var round = 0
    let times = Harness.compare(
      rounds: quick ? 3 : 7, operations: 1,
      ours: {
        round += 1
        precondition(Self.screen(urls, cacheFolder: folder + "/round-\(round)") == 20, "every picture arrives")
      },
      baseline: { precondition(Self.sequential(urls, folder: folder) == 20, "every picture one by one") })
    let diskCached = (1...round).map { round in
      let start = Harness.now()
      precondition(Self.screen(urls, cacheFolder: folder + "/round-\(round)") == 20, "every picture from disk")
      return Double(Harness.now() - start)
    }
    return [
      .comparison(
        name: "screen of 20 pictures over loopback, 100 ms each (vs one by one)", oursNanoseconds: times.ours,
        baselineNanoseconds: times.baseline),
      .scaling(name: "screen of 20 pictures from the disk cache", value: Harness.median(diskCached), unit: "ns"),
    ]
  }

  /// Requests the 20 pictures from a fresh loader over `cacheFolder`; the number of grids delivered.
  static func screen(_ urls: [String], cacheFolder: String) -> Int {
    let delivered = Counter()
    var configuration = PictureLoader.Configuration()
    configuration.diskCache = PictureDiskCache(folder: cacheFolder)
    configuration.makeFetcher = HTTPFetcher.maker
    let loader = PictureLoader(configuration: configuration) { result in
      if case .success = result.outcome { delivered.add() }
    }
    for (item, url) in urls.enumerated() {
      loader.request(
        PictureRequest(
          item: PictureSlot(item), key: PictureRenderKey(source: .remote(url), size: PictureBenchmarks.box)))
    }
    loader.waitUntilIdle()
    return delivered.value
  }

  /// The baseline: fetch each URL, then decode and draw it, one after another.
  static func sequential(_ urls: [String], folder: String) -> Int {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = folder + "/sequential.png"
    var drawn = 0
    for url in urls {
      guard let data = BenchServer.get(url), FileManager.default.createFile(atPath: file, contents: data),
        PictureBenchmarks.decodeAndDraw(file) != nil
      else { continue }
      drawn += 1
    }
    return drawn
  }
}

/// A count shared with the loader's delivery thread.
final class Counter: Sendable {
  private let count = Locked(0)
  var value: Int { count.withLock { $0 } }
  func add() { count.withLock { $0 += 1 } }
}
