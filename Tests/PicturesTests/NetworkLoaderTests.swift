import Foundation
import Testing

@testable import Pictures

@Suite("Pictures over the network (loopback server)")
struct NetworkLoaderTests {
  @Test("pictures are fetched, drawn, and kept on disk: a new loader draws them with no new request")
  func fetchesAndKeeps() throws {
    let fixture = try NetworkFixture()
    let urls = (0..<6).map { fixture.picture("kept-\($0)", delay: 100) }
    do {
      let (loader, deliveries) = fixture.loader()
      for (item, url) in urls.enumerated() { loader.request(fixture.request(item, url)) }
      loader.waitUntilIdle()
      #expect(Set(deliveries.items) == Set(0..<6))
      #expect(deliveries.all.allSatisfy { $0.outcome.success?.size == fixture.box })
      #expect(loader.statistics.fetched == 6)
    }
    let (restarted, again) = fixture.loader()
    for (item, url) in urls.enumerated() { restarted.request(fixture.request(item, url)) }
    restarted.waitUntilIdle()
    #expect(again.all.count == 6 && again.all.allSatisfy { $0.outcome.success != nil })
    #expect(restarted.statistics.fromDiskCache == 6 && restarted.statistics.fetched == 0)
    let counts = fixture.server.counts().byPath
    #expect((0..<6).allSatisfy { counts["/picture/kept-\($0).png"] == 1 }, "each fetched once: \(counts)")
  }

  @Test("every kind of failure arrives as that item's failure (time-outs as time-outs), and good pictures still come")
  func failuresWithinLimits() throws {
    let fixture = try NetworkFixture()
    let server = fixture.server
    let closedPort = try #require(Self.closedPort())
    let cases: [(url: String, kind: PictureFailure.Kind)] = [
      (server.url("/status/404"), .httpStatus),
      (server.url("/status/500"), .httpStatus),
      (server.url("/loop"), .badRedirect),
      (server.url("/redirect/6/picture/far.png"), .badRedirect),
      (server.url("/html"), .unsupportedFormat),
      (server.url("/huge?mb=8"), .bodyTooLarge),
      (server.url("/declared-huge"), .bodyTooLarge),
      (server.url("/reset"), .network),
      // https to a plain http server: the TLS handshake fails, cleanly.
      ("https://127.0.0.1:\(server.port)/picture/tls.png", .network),
      ("http://127.0.0.1:\(closedPort)/picture/x.png", .network),
    ]
    // Default time limits here: a short one would fail any answer a busy machine slowed past it, and a failed
    // host fails its other fetches for a moment.
    let (loader, deliveries) = fixture.loader { $0.network.maximumBodyBytes = 1 << 20 }
    for (item, entry) in cases.enumerated() { loader.request(fixture.request(item, entry.url)) }
    loader.request(fixture.request(100, server.url("/redirect/5/picture/near.png")))
    loader.request(fixture.request(101, fixture.picture("alongside", delay: 200)))
    // The time-outs, each with a short limit and a loader of its own.
    let (neverAnswered, connectDeliveries) = fixture.loader { $0.network.connectTimeout = .seconds(1) }
    neverAnswered.request(fixture.request(0, "http://127.0.0.1:\(server.silentPort)/picture/x.png"))
    // Answered, then a byte every half second: the total time-out ends it.
    let (dripping, totalDeliveries) = fixture.loader { $0.network.totalTimeout = .seconds(3) }
    dripping.request(fixture.request(0, server.url("/drip")))
    loader.waitUntilIdle()
    neverAnswered.waitUntilIdle()
    dripping.waitUntilIdle()
    for (item, entry) in cases.enumerated() {
      let failure = deliveries.outcome(of: item)?.failure
      #expect(failure?.kind == entry.kind, "\(entry.url): \(failure?.reason ?? "no failure")")
    }
    let connectFailure = connectDeliveries.outcome(of: 0)?.failure
    #expect(connectFailure?.kind == .timedOut && connectFailure?.reason.contains("no answer within 1") == true)
    let totalFailure = totalDeliveries.outcome(of: 0)?.failure
    #expect(totalFailure?.kind == .timedOut && totalFailure?.reason.contains("not fetched within 3") == true)
    #expect(deliveries.outcome(of: 100)?.success != nil, "five redirects are followed")
    #expect(deliveries.outcome(of: 101)?.success != nil, "a good picture arrives meanwhile")
    #expect(deliveries.all.count == cases.count + 2, "one delivery each")
  }

  @Test("a failed URL is not asked for again while its back-off lasts; with no back-off, every time")
  func backOff() throws {
    let fixture = try NetworkFixture()
    // A minute: no machine is slow enough to see it pass. When it does pass is FailureBackoffTests' part.
    let (loader, deliveries) = fixture.loader { $0.network.firstRetryDelay = .seconds(60) }
    let url = fixture.server.url("/status/500")
    for item in 0..<5 {
      loader.request(fixture.request(item, url))
      loader.waitUntilIdle()
    }
    #expect(fixture.server.counts().byPath["/status/500"] == 1)
    #expect(deliveries.all.count == 5 && deliveries.all.allSatisfy { $0.outcome.failure?.kind == .httpStatus })
    let (eager, _) = fixture.loader { $0.network.firstRetryDelay = .zero }
    let other = fixture.server.url("/status/503")
    for item in 0..<3 {
      eager.request(fixture.request(item, other))
      eager.waitUntilIdle()
    }
    #expect(fixture.server.counts().byPath["/status/503"] == 3)
  }

  @Test("credentials in a URL never reach a failure's reason")
  func redactsCredentials() throws {
    let fixture = try NetworkFixture()
    let (loader, deliveries) = fixture.loader()
    loader.request(fixture.request(0, "http://shopper:hunter2@127.0.0.1:\(fixture.server.port)/status/404"))
    loader.waitUntilIdle()
    let outcome = try #require(deliveries.outcome(of: 0))
    let reason = try #require(outcome.failure?.reason, "\(outcome)")
    #expect(!reason.contains("hunter2") && !reason.contains("shopper"))
    #expect(reason.contains("http://***@127.0.0.1"))
  }

  /// A port on 127.0.0.1 with nothing listening (bound, then closed).
  static func closedPort() -> Int? {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return nil }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
  }
}
