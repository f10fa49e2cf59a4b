import Foundation
import Testing

@testable import Pictures

@Suite("Network loads: cancellation, sharing and limits")
struct NetworkSchedulingTests {
  @Test("a cancelled item never gets a delivery; the others get exactly one, from exactly one request each")
  func cancellation() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader(NetworkFixture.patient)
    let urls = (0..<20).map { fixture.heldPicture("screen-\($0)", key: "screen") }
    for (item, url) in urls.enumerated() { loader.request(fixture.request(item, url)) }
    // Four are on the wire (held by the server), the others wait for a slot; odd ones leave the screen.
    #expect(fixture.server.waitFor(atOnce: 4))
    for item in stride(from: 1, to: 20, by: 2) { loader.cancel(item: PictureSlot(item)) }
    fixture.server.release("screen")
    loader.waitUntilIdle()
    #expect(deliveries.items.sorted() == Array(stride(from: 0, to: 20, by: 2)), "each kept item once, no odd one")
    let counts = fixture.server.counts().byPath
    for item in 0..<20 {
      let asked = counts["/picture/screen-\(item).png", default: 0]
      #expect(item.isMultiple(of: 2) ? asked == 1 : asked <= 1, "item \(item) asked \(asked) times")
    }
  }

  @Test("items that share a URL share one request; a re-request while fetching does not ask again")
  func sharedRequests() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader(NetworkFixture.patient)
    let url = fixture.heldPicture("shared", key: "shared")
    for item in 0..<5 { loader.request(fixture.request(item, url)) }
    #expect(fixture.server.waitFor(path: "/picture/shared.png"))
    loader.request(fixture.request(0, url))
    fixture.server.release("shared")
    loader.waitUntilIdle()
    #expect(deliveries.items.sorted() == [0, 1, 2, 3, 4])
    #expect(fixture.server.counts().byPath["/picture/shared.png"] == 1)
  }

  @Test("at most four requests to one host at once, and nothing is lost while they wait")
  func perHostLimit() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader(NetworkFixture.patient)
    for item in 0..<12 { loader.request(fixture.request(item, fixture.heldPicture("busy-\(item)", key: "busy"))) }
    #expect(fixture.server.waitFor(atOnce: 4), "four go at once")
    // The other eight stay with the fetcher, not the server, while the four are held.
    #expect(fixture.server.counts().byPath.filter { $0.key.hasPrefix("/picture/busy-") }.count == 4)
    fixture.server.release("busy")
    loader.waitUntilIdle()
    #expect(deliveries.items.sorted() == Array(0..<12))
    #expect(fixture.server.counts().mostAtOnce == 4, "the server saw \(fixture.server.counts().mostAtOnce) at once")
  }

  @Test("network waits leave the decode workers free: a local file is drawn while fetches hang")
  func workersStayFree() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader(NetworkFixture.patient)
    for item in 0..<6 { loader.request(fixture.request(item, fixture.heldPicture("hang-\(item)", key: "hang"))) }
    #expect(fixture.server.waitFor(atOnce: 4))
    let local = PictureFiles.cataloguePictures[0]
    loader.request(PictureRequest(item: 50, key: PictureRenderKey(source: .file(local), size: fixture.box)))
    #expect(waitUntil { deliveries.outcome(of: 50) != nil })
    #expect(deliveries.outcome(of: 50)?.success != nil, "drawn while every fetch is held")
    #expect(deliveries.all.count == 1)
    fixture.server.release("hang")
    loader.waitUntilIdle()
    #expect(deliveries.all.count == 7)
  }
}

@Suite("Network loads: limits across hosts, and unreachable hosts")
struct NetworkHostTests {
  @Test("at most eight requests at once in all, over three servers")
  func limitInAll() throws {
    let servers = try (0..<3).map { _ in try LoopbackServer() }
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader(NetworkFixture.patient)
    for item in 0..<18 {
      loader.request(fixture.request(item, servers[item % 3].url("/picture/spread-\(item).png?hold=spread")))
    }
    // Eight in flight: four, and four more split over the other two servers in some way.
    #expect(waitUntil { servers.map { $0.counts().byPath.count }.reduce(0, +) >= 8 })
    #expect(servers.map { $0.counts().byPath.count }.reduce(0, +) == 8)
    for server in servers { server.release("spread") }
    loader.waitUntilIdle()
    #expect(deliveries.items.sorted() == Array(0..<18))
    #expect(loader.statistics.mostFetchesAtOnce == 8)
    #expect(servers.allSatisfy { (1...4).contains($0.counts().mostAtOnce) })
  }

  @Test("once a host cannot be reached, its other pictures fail at once instead of each waiting its turn")
  func unreachableHost() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader { configuration in
      configuration.network.connectTimeout = .seconds(1)
      configuration.network.totalTimeout = .seconds(10)
      configuration.network.firstRetryDelay = .seconds(60)
    }
    let silent = "http://127.0.0.1:\(fixture.server.silentPort)"
    for item in 0..<20 { loader.request(fixture.request(item, "\(silent)/hang-\(item).jpg")) }
    loader.waitUntilIdle()
    #expect(deliveries.all.count == 20 && deliveries.all.allSatisfy { $0.outcome.failure?.kind == .timedOut })
    // One round of time-outs (the four on the wire), not five: the rest fail without being tried.
    let waited = deliveries.all.filter {
      !($0.outcome.failure?.reason.contains("the host failed a moment ago") ?? false)
    }
    #expect((1...4).contains(waited.count), "\(waited.count) waited for their own time-out")
  }
}

@Suite("Network loads: priority")
struct NetworkPriorityTests {
  @Test("a prefetch waiting for a slot moves ahead once its box is asked for as visible, without a second request")
  func visibleMovesUp() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader(NetworkFixture.patient)
    // The server holds the first four until "first", the rest until "rest".
    let urls = (0..<12).map { fixture.heldPicture("queue-\($0)", key: $0 < 4 ? "first" : "rest") }
    // The first four on the wire before the rest are asked for: two workers hand jobs to the fetcher in
    // whatever order they run, so asked together a held "rest" picture could take a slot (seen under load).
    for item in 0..<4 { loader.request(fixture.request(item, urls[item], priority: .prefetch)) }
    #expect(fixture.server.waitFor(atOnce: 4), "the first four are on the wire")
    for item in 4..<12 { loader.request(fixture.request(item, urls[item], priority: .prefetch)) }
    loader.request(fixture.request(11, urls[11], priority: .visible))
    // Every job with the fetcher before a slot frees, or a busy machine could hand item 11 over late.
    loader.waitUntilOnlyFetching()
    fixture.server.release("first")
    // The four freed slots: item 11 and three of the seven prefetches queued before it (which three depends on
    // the order the loader's workers handed them to the fetcher); four prefetches still wait.
    #expect(waitUntil { fixture.server.counts().byPath.count == 8 })
    let asked = Set(fixture.server.counts().byPath.keys)
    let path = { (item: Int) in "/picture/queue-\(item).png" }
    #expect(asked.isSuperset(of: [0, 1, 2, 3, 11].map(path)), "\(asked.sorted())")
    #expect(asked.count == 8, "\(asked.sorted())")
    fixture.server.release("rest")
    loader.waitUntilIdle()
    #expect(deliveries.items.sorted() == Array(0..<12), "each once")
    #expect(fixture.server.counts().byPath["/picture/queue-11.png"] == 1)
  }
}
