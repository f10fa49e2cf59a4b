import Foundation
import Testing

@testable import Pictures

@Suite("Network loads: cancellation, sharing and limits")
struct NetworkSchedulingTests {
  @Test("a cancelled item never gets a delivery; the others get exactly one, from exactly one request each")
  func cancellation() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader()
    let urls = (0..<20).map { fixture.picture("screen-\($0)", delay: 300) }
    for (item, url) in urls.enumerated() { loader.request(fixture.request(item, url)) }
    // Some are on the wire by now, others wait for a slot; odd ones leave the screen.
    Thread.sleep(forTimeInterval: 0.1)
    for item in stride(from: 1, to: 20, by: 2) { loader.cancel(item: item) }
    let deliveredAtCancel = deliveries.items.filter { !$0.isMultiple(of: 2) }
    loader.waitUntilIdle()
    let odd = deliveries.items.filter { !$0.isMultiple(of: 2) }
    #expect(odd == deliveredAtCancel, "nothing for a cancelled item after cancel returned")
    let even = deliveries.items.filter { $0.isMultiple(of: 2) }
    #expect(even.sorted() == Array(stride(from: 0, to: 20, by: 2)), "each kept item once")
    let counts = fixture.server.counts().byPath
    for item in 0..<20 {
      let asked = counts["/picture/screen-\(item).png", default: 0]
      #expect(item.isMultiple(of: 2) ? asked == 1 : asked <= 1, "item \(item) asked \(asked) times")
    }
  }

  @Test("items that share a URL share one request; a re-request while fetching does not ask again")
  func sharedRequests() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader()
    let url = fixture.picture("shared", delay: 200)
    for item in 0..<5 { loader.request(fixture.request(item, url)) }
    Thread.sleep(forTimeInterval: 0.05)
    loader.request(fixture.request(0, url))
    loader.waitUntilIdle()
    #expect(deliveries.items.sorted() == [0, 1, 2, 3, 4])
    #expect(fixture.server.counts().byPath["/picture/shared.png"] == 1)
  }

  @Test("at most four requests to one host at once, and nothing is lost while they wait")
  func perHostLimit() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader()
    for item in 0..<12 { loader.request(fixture.request(item, fixture.picture("busy-\(item)", delay: 250))) }
    loader.waitUntilIdle()
    #expect(deliveries.items.sorted() == Array(0..<12))
    let mostAtOnce = fixture.server.counts().mostAtOnce
    #expect(mostAtOnce >= 1 && mostAtOnce <= 4, "the server saw \(mostAtOnce) at once")
  }

  @Test("network waits leave the decode workers free: a local file is drawn while fetches hang")
  func workersStayFree() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader { configuration in
      configuration.network.connectTimeout = .seconds(2)
      configuration.network.totalTimeout = .seconds(2)
    }
    for item in 0..<6 {
      loader.request(fixture.request(item, "http://127.0.0.1:\(fixture.server.silentPort)/hang-\(item).png"))
    }
    let local = PictureFiles.cataloguePictures[0]
    loader.request(PictureRequest(item: 50, key: PictureRenderKey(source: .file(local), size: fixture.box)))
    for _ in 0..<150 where deliveries.outcome(of: 50) == nil { Thread.sleep(forTimeInterval: 0.01) }
    #expect(deliveries.outcome(of: 50)?.success != nil, "drawn before any hanging fetch gave up")
    #expect(deliveries.all.count == 1)
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
    let (loader, deliveries) = fixture.loader()
    for item in 0..<18 {
      loader.request(fixture.request(item, servers[item % 3].url("/picture/spread-\(item).png?delay=300")))
    }
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
    }
    let silent = "http://127.0.0.1:\(fixture.server.silentPort)"
    let started = ContinuousClock.now
    for item in 0..<20 { loader.request(fixture.request(item, "\(silent)/hang-\(item).jpg")) }
    loader.waitUntilIdle()
    #expect(deliveries.all.count == 20 && deliveries.all.allSatisfy { $0.outcome.failure?.kind == .timedOut })
    let took = started.duration(to: .now)
    #expect(took < .seconds(3), "one round of time-outs, not five: \(took)")
  }
}

@Suite("Network loads: priority")
struct NetworkPriorityTests {
  @Test("a prefetch waiting for a slot moves ahead once its box is asked for as visible, without a second request")
  func visibleMovesUp() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader()
    let urls = (0..<12).map { fixture.picture("queue-\($0)", delay: 300) }
    for (item, url) in urls.enumerated() { loader.request(fixture.request(item, url, priority: .prefetch)) }
    loader.request(fixture.request(11, urls[11], priority: .visible))
    loader.waitUntilIdle()
    let order = deliveries.items
    #expect(order.sorted() == Array(0..<12), "each once")
    let position = { (item: Int) in order.firstIndex(of: item) ?? 99 }
    // Four go at once; item 11 is in the second wave, ahead of 7…10.
    #expect((7...10).allSatisfy { position(11) < position($0) }, "\(order)")
    #expect(fixture.server.counts().byPath["/picture/queue-11.png"] == 1)
  }
}
