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
    do {
      let (loader, _) = fixture.loader()
      loader.request(fixture.request(0, cached))
      loader.waitUntilIdle()
    }
    fixture.server.stop()
    let (offline, deliveries) = fixture.loader { $0.network.offline = true }
    offline.request(fixture.request(0, cached))
    offline.request(fixture.request(1, neverFetched))
    offline.waitUntilIdle()
    #expect(deliveries.outcome(of: 0)?.success != nil)
    #expect(deliveries.outcome(of: 1)?.failure?.kind == .offline)
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
    let url = fixture.server.url("/slow-tail/nearly.png?pause=1500")
    let (loader, deliveries) = fixture.loader()
    loader.request(fixture.request(0, url))
    // Cancel once the nine tenths are on their way (loopback delivers them at once; a moment more for the reads).
    var polls = 0
    while fixture.server.counts().byPath["/slow-tail/nearly.png#first-part-sent"] == nil && polls < 100 {
      Thread.sleep(forTimeInterval: 0.05)
      polls += 1
    }
    Thread.sleep(forTimeInterval: 0.3)
    loader.cancel(item: 0)
    loader.waitUntilIdle()
    var landed = false
    for _ in 0..<50 where !landed {
      Thread.sleep(forTimeInterval: 0.1)
      landed = PictureDiskCache(folder: fixture.cacheFolder).path(for: url) != nil
    }
    #expect(landed)
    #expect(deliveries.all.isEmpty, "the cancelled item got nothing")
    loader.request(fixture.request(1, url))
    loader.waitUntilIdle()
    #expect(deliveries.outcome(of: 1)?.success != nil, "\(String(describing: deliveries.outcome(of: 1)))")
    #expect(fixture.server.counts().byPath["/slow-tail/nearly.png"] == 1)
  }
}
