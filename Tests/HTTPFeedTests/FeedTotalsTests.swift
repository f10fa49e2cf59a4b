import Foundation
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

@testable import HTTPFeed

@Suite("A feed's totals")
struct FeedTotalsTests {
  /// "12/24 items" on the status line: the loaded count and the total, when one is shown.
  static func counts(_ text: String) -> [(loaded: Int, total: Int)] {
    text.matches(of: /(\d+)\/(\d+) items/).map { (Int($0.output.1) ?? -1, Int($0.output.2) ?? -1) }
  }

  @Test("sorted on the server, a feed's status shows no total it does not know (the items seen are not one)")
  func noInventedTotal() throws {
    let server = try FeedServer()
    let source = try feed(server.url("/feed/sorted?page={page}&per=6&pages=4&sort={sort}&q={q}"))
    let run = FeedViewerTests.run(source)
    // Paged on by scrolling (G would follow the feed to its end).
    run.apply(try KeyScript.parse("PageDown PageDown"))
    #expect(
      run.viewer.store.count > 6 && run.viewer.store.count < 24, "some pages loaded, not all: \(run.viewer.store.count)"
    )
    run.apply(try KeyScript.parse("o"))
    #expect(!run.viewer.store.items.isEmpty)
    let status = run.screen.text
    #expect(
      Self.counts(status).allSatisfy { $0.total == 24 }, "a total, if any, is the feed's own (24):\n\(status)")
    run.apply(try KeyScript.parse("G G G G G"))
    #expect(run.screen.text.contains("24 items"), "at its end the feed's count is known:\n\(run.screen.text)")
  }
}
