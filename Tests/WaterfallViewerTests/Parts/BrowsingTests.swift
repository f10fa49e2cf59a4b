import Testing
import WaterfallKit

@testable import WaterfallViewer

/// Browsing alone: where the arrows take the keyboard's box in a two-column layout.
@Suite("Parts: browsing with the arrows")
struct BrowsingTests {
  static let layout = SearchStateTests.layout(count: 12)

  @Test("↓ and ↑ walk a column; past its end, or with no box on screen, they scroll a row")
  func column() throws {
    let layout = Self.layout
    let below = try #require(layout.itemBelow(0))
    #expect(Browsing.step(from: 0, down: true, layout: layout) == .focus(below))
    #expect(layout.column(of: below) == layout.column(of: 0))
    #expect(Browsing.step(from: below, down: false, layout: layout) == .focus(0))
    #expect(Browsing.step(from: 0, down: false, layout: layout) == .scroll(rows: -1), "the top of the column")
    #expect(Browsing.step(from: nil, down: true, layout: layout) == .scroll(rows: 1))
  }

  @Test("← and → go to the neighbouring column's box that overlaps most, and nowhere past the edge")
  func across() {
    let layout = Self.layout
    guard case .focus(let right) = Browsing.across(from: 0, toRight: true, layout: layout) else {
      Issue.record("→ from the first column found nothing")
      return
    }
    #expect(layout.column(of: right) == layout.column(of: 0) + 1)
    #expect(layout.frame(of: right).y < layout.frame(of: 0).maxY, "it overlaps the box it came from")
    #expect(Browsing.across(from: 0, toRight: false, layout: layout) == .stay)
    #expect(Browsing.across(from: right, toRight: true, layout: layout) == .stay)
  }
}
