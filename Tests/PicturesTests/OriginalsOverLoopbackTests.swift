import Foundation
import Testing

@testable import Pictures

/// The originals' plists name pictures on five hosts that cannot be reached from here. Their addresses are
/// pointed at loopback ports that behave like dead hosts (the busiest at a port that accepts and never answers,
/// the others at refused ports), so the test sends nothing beyond 127.0.0.1.
@Suite("The originals' pictures on unreachable hosts")
struct OriginalsOverLoopbackTests {
  static let mogujie = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/datasets/mogujie-shop")
    .path

  static var originalURLs: [String] {
    (1...3).flatMap { page -> [String] in
      let path = (mogujie as NSString).appendingPathComponent("\(page).plist")
      guard let data = FileManager.default.contents(atPath: path),
        let items = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [[String: Any]]
      else { return [] }
      return items.compactMap { $0["img"] as? String }
    }
  }

  @Test(
    "every picture of the three plists fails, after one round of tries per host",
    .enabled(if: FileManager.default.fileExists(atPath: mogujie), "../shared/datasets/mogujie-shop is absent"))
  func failQuickly() throws {
    let fixture = try NetworkFixture()
    let originals = Self.originalURLs
    #expect(originals.count >= 100)
    var ports: [String: Int] = [:]
    let urls = try originals.map { original -> String in
      let url = try #require(URLComponents(string: original))
      let host = try #require(url.host)
      if ports[host] == nil {
        ports[host] =
          host == "s6.mogujie.cn" ? fixture.server.silentPort : try #require(NetworkLoaderTests.closedPort())
      }
      return "http://127.0.0.1:\(ports[host]!)\(url.path)"
    }
    let (loader, deliveries) = fixture.loader { configuration in
      configuration.network.connectTimeout = .seconds(1)
      // Longer than any machine takes to ask for them all: a host that failed stays down meanwhile.
      configuration.network.firstRetryDelay = .seconds(60)
    }
    for (item, url) in urls.enumerated() { loader.request(fixture.request(item, url)) }
    loader.waitUntilIdle()
    #expect(deliveries.all.count == urls.count)
    #expect(deliveries.all.allSatisfy { [.network, .timedOut].contains($0.outcome.failure?.kind) })
    // One round of failures per host (at most its four on the wire, each URL once however many items share it);
    // the rest fail without being tried.
    let tried = deliveries.all.filter {
      !($0.outcome.failure?.reason.contains("the host failed a moment ago") ?? false)
    }.map { urls[$0.request.item.rawValue] }
    let triedByHost = Dictionary(grouping: Set(tried)) { URLComponents(string: $0)?.port ?? 0 }
    #expect(triedByHost.values.allSatisfy { (1...4).contains($0.count) }, "\(triedByHost.mapValues(\.count))")
  }
}
