import Foundation
import Testing

@testable import Pictures

@Suite("Network pictures and the disk cache")
struct NetworkDiskCacheTests {
  @Test("offline with the server stopped still draws what was cached; the rest fail as offline")
  func offlineFromCache() throws {
    let fixture = try NetworkFixture()
    let cached = fixture.picture("offline-kept")
    let neverFetched = fixture.picture("offline-missing")
    fixture.cache(cached)
    fixture.server.stop()
    let (offline, deliveries) = fixture.loader { $0.network.offline = true }
    offline.request(fixture.request(0, cached))
    offline.request(fixture.request(1, neverFetched))
    offline.waitUntilIdle()
    #expect(deliveries.outcome(of: 0)?.success != nil)
    #expect(deliveries.outcome(of: 1)?.failure?.kind == .offline)
  }

  @Test("a loader given no fetcher draws cached pictures and fails the rest as network failures, asking no server")
  func noFetcherDrawsOnlyTheCache() throws {
    let fixture = try NetworkFixture()
    let cached = fixture.picture("no-fetcher-kept")
    let neverFetched = fixture.picture("no-fetcher-missing")
    fixture.cache(cached)
    let (withoutFetcher, deliveries) = fixture.loader { $0.makeFetcher = nil }
    withoutFetcher.request(fixture.request(0, cached))
    withoutFetcher.request(fixture.request(1, neverFetched))
    withoutFetcher.waitUntilIdle()
    #expect(deliveries.outcome(of: 0)?.success != nil)
    #expect(deliveries.outcome(of: 1)?.failure?.kind == .network)
    let asked = fixture.server.counts().byPath.keys
    #expect(asked.contains { $0.contains("no-fetcher-kept") }, "the first loader fetched it: \(asked)")
    #expect(!asked.contains { $0.contains("no-fetcher-missing") }, "\(asked)")
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
