import Foundation
import Testing

@testable import Pictures

@Suite("Network pictures and the disk cache")
struct NetworkDiskCacheTests {
  /// How a loader is kept from the network, and the failure a picture missing from the disk cache then gets.
  enum NoNetwork: CaseIterable, Sendable {
    case offline, noFetcher

    var failure: PictureFailure.Kind { self == .offline ? .offline : .network }

    func apply(to configuration: inout PictureLoader.Configuration) {
      switch self {
      case .offline: configuration.network.offline = true
      case .noFetcher: configuration.makeFetcher = nil
      }
    }
  }

  @Test(
    "offline, or given no fetcher, a loader draws what the disk cache holds and fails the rest, asking no server",
    arguments: NoNetwork.allCases)
  func cacheOnly(_ way: NoNetwork) throws {
    let fixture = try NetworkFixture()
    let cached = fixture.picture("\(way)-kept")
    let neverFetched = fixture.picture("\(way)-missing")
    fixture.cache(cached)
    let (loader, deliveries) = fixture.loader(way.apply)
    loader.request(fixture.request(0, cached))
    loader.request(fixture.request(1, neverFetched))
    loader.waitUntilIdle()
    #expect(deliveries.outcome(of: 0)?.success != nil)
    #expect(deliveries.outcome(of: 1)?.failure?.kind == way.failure)
    let asked = fixture.server.counts().byPath.keys
    #expect(asked.contains { $0.contains("\(way)-kept") }, "the first loader fetched it: \(asked)")
    #expect(!asked.contains { $0.contains("\(way)-missing") }, "\(asked)")
  }

  @Test("a truncated entry is dropped and fetched again")
  func truncatedEntry() throws {
    let fixture = try NetworkFixture()
    let url = fixture.picture("truncated", delay: 0) + "&size=64x48"
    do {
      let (loader, _) = fixture.loader()
      loader.request(fixture.request(0, url))
      loader.waitUntilIdle()
    }
    let entries = (fixture.cacheFolder as NSString).appendingPathComponent("pictures")
    let names = try FileManager.default.contentsOfDirectory(atPath: entries).filter { $0.hasSuffix(".picture") }
    let name = try #require(names.first)
    #expect(names.count == 1)
    #expect(truncate((entries as NSString).appendingPathComponent(name), 100) == 0)
    let (loader, deliveries) = fixture.loader()
    loader.request(fixture.request(0, url))
    loader.waitUntilIdle()
    #expect(deliveries.outcome(of: 0)?.success != nil)
    #expect(loader.statistics.fetched == 1)
    #expect(fixture.server.counts().byPath["/picture/truncated.png"] == 2)
  }
}

@Suite("Cancelling a download that has nearly arrived")
struct NearlyFinishedTests {
  @Test("an item cancelled with most of its picture in lets the download land in the disk cache only")
  func landsOnDisk() throws {
    let fixture = try NetworkFixture()
    let url = fixture.server.url("/slow-tail/nearly.png?hold=tail")
    let (loader, deliveries) = fixture.loader(NetworkFixture.patient)
    loader.request(fixture.request(0, url))
    // Cancel once three quarters are in (the server sent nine tenths and holds the rest).
    #expect(fixture.server.waitFor(path: "/slow-tail/nearly.png#first-part-sent"))
    let mostlyIn = waitUntil {
      guard let progress = loader.fetchProgress(of: url), progress.expected > 0 else { return false }
      return Int64(progress.received) * 4 >= progress.expected * 3
    }
    #expect(mostlyIn)
    loader.cancel(item: 0)
    fixture.server.release("tail")
    loader.waitUntilIdle()
    #expect(waitUntil { PictureDiskCache(folder: fixture.cacheFolder).path(for: url) != nil })
    #expect(deliveries.all.isEmpty, "the cancelled item got nothing")
    loader.request(fixture.request(1, url))
    loader.waitUntilIdle()
    #expect(deliveries.outcome(of: 1)?.success != nil, "\(String(describing: deliveries.outcome(of: 1)))")
    #expect(fixture.server.counts().byPath["/slow-tail/nearly.png"] == 1)
  }
}
