import ShopCatalog
import Testing

@testable import WaterfallViewer

/// The status line alone: which pieces it shows, and which give way on a narrow bar.
@Suite("Parts: the status line")
struct StatusLineTests {
  static func line(notice: String? = nil, sort: ItemOrder = .dataset, marked: String? = nil) -> StatusLine {
    var reading = ReadingProgress()
    reading.isComplete = true
    return StatusLine(
      position: (offset: 9, height: 100, maximum: 80), count: "50/300 items", onScreen: 4...11, selectedNumber: 7,
      marked: marked, reading: reading, search: "match 2/17", place: nil, loadedItemsOnly: false, filterShown: nil,
      sort: sort, notice: notice, stepping: false, measuring: nil, glyphs: .ascii)
  }

  static func text(_ line: StatusLine, width: Int) -> String {
    var screen = Screen(width: width, height: 3)
    line.draw(into: &screen)
    let row = screen.text.split(separator: "\n", omittingEmptySubsequences: false)[2]
    return String(row.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  @Test("a wide bar shows every piece in order, the keys' help last")
  func wide() {
    let text = Self.text(Self.line(sort: .title), width: 140)
    #expect(text == "row 10/100 11% | 50/300 items | view 5-12 | sel #7 | match 2/17 | by title | ? help  q quit")
  }

  @Test("a notice takes the help's place, and one that names the sort hides the sort's piece")
  func notice() {
    let text = Self.text(Self.line(notice: "sorted by title", sort: .title), width: 140)
    #expect(text.hasSuffix("match 2/17 | sorted by title") && !text.contains("by title |"))
    #expect(Self.text(Self.line(marked: "1/2 marked"), width: 140).hasSuffix("Tab mark  Enter pick  ? help  Esc quit"))
  }

  @Test("a narrow bar drops the least important pieces whole: the view's places first, the notice last")
  func narrow() {
    let text = Self.text(Self.line(notice: "refreshed: nothing new"), width: 40)
    #expect(text.contains("refreshed: nothing new") && text.contains("match 2/17"))
    #expect(!text.contains("view 5-12") && !text.contains("row 10/100"))
  }
}
