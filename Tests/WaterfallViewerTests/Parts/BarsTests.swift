import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The header and footer alone: what they say as the paging goes through its states.
@Suite("Parts: the header and footer")
struct BarsTests {
  static func bars(_ paging: PagingStateMachine) -> Bars {
    Bars(paging: paging, count: "50 items", spinner: "*", glyphs: .ascii)
  }

  @Test("the footer follows load-more: idle, loading, failed with the reason last, the end with the count")
  func footer() throws {
    var paging = PagingStateMachine(refreshThreshold: 6)
    #expect(Self.bars(paging).footer.text == "v scroll down to load more")
    let asked = paging.loadMoreNow()
    let request = try #require(asked)
    #expect(Self.bars(paging).footer.text == "* loading more~")
    _ = paging.loadMoreFinished(request: request, outcome: .failed(reason: "timed out\u{1b}[2J"))
    #expect(Self.bars(paging).footer.text == "load failed, R retries: timed out", "no escape sequence")
    let retried = paging.retry()
    let again = try #require(retried)
    _ = paging.loadMoreFinished(request: again, outcome: .loaded(hasMore: false))
    #expect(Self.bars(paging).footer.text == "- end of the catalogue - 50 items -")
  }

  @Test("the header names the catalogue; its right side says the pull, a refresh, or a new query's progress")
  func header() {
    var paging = PagingStateMachine(refreshThreshold: 6)
    let still = Self.bars(paging).header(name: "Shop\u{7}", pendingChange: nil, hasItems: true)
    #expect(still.left == " Waterfall - Shop - 50 items" && still.right.isEmpty)
    paging.pull(rows: 2)
    #expect(Self.bars(paging).header(name: "", pendingChange: nil, hasItems: true).right == "v pull to refresh (2/6)")
    paging.pull(rows: 4)
    #expect(Self.bars(paging).header(name: "", pendingChange: nil, hasItems: true).right == "^ release to refresh")
    let sorting = Self.bars(paging).header(name: "", pendingChange: .sort(.title), hasItems: true)
    #expect(sorting.right.hasPrefix("* ") && sorting.right.hasSuffix("~"))
  }
}
