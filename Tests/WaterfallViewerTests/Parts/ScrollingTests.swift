import Testing
import WaterfallKit

@testable import WaterfallViewer

/// Columns and scrolling alone: the pull past the top, the columns `+`, `-` and `=` choose, how far a page goes.
@Suite("Parts: columns and scrolling")
struct ScrollingTests {
  static let margins = WaterfallMargins(top: 0, bottom: 0, left: 1, right: 1, columnGap: 1, rowGap: 0)

  @Test("a scroll up past the top pulls; the pull lets go after a rest or at any other key, once")
  func pull() {
    var scrolling = Scrolling(columnOverride: nil)
    #expect(scrolling.update(.scroll(rows: -3, offset: 5, now: 100)) == .scroll(rows: -3))
    #expect(scrolling.lastPullTime == nil, "still above the top: no pull")
    #expect(scrolling.update(.scroll(rows: -3, offset: 1, now: 200)) == .scroll(rows: -3))
    #expect(scrolling.lastPullTime == 200)
    #expect(scrolling.update(.tick(now: 400, releaseAfter: 300)) == .nothing, "not rested long enough")
    #expect(scrolling.update(.tick(now: 500, releaseAfter: 300)) == .releasePull)
    #expect(scrolling.update(.tick(now: 900, releaseAfter: 300)) == .nothing, "let go already")
    _ = scrolling.update(.scroll(rows: -1, offset: 0, now: 1000))
    #expect(scrolling.update(.letGo) == .releasePull)
    #expect(scrolling.update(.letGo) == .nothing)
  }

  @Test("+ and - choose a count within what fits, + past it says so; = goes back to as many as fit")
  func columns() {
    var scrolling = Scrolling(columnOverride: nil)
    let fitIn40 = ColumnPolicy.adaptive(minimumWidth: Scrolling.narrowestColumn, maximumCount: .max)
      .columnCount(forWidth: 40, margins: Self.margins)
    #expect(
      scrolling.update(.changeColumns(delta: 1, current: 2, width: 40, margins: Self.margins)) == .columns(notice: nil))
    #expect(scrolling.columnOverride == 3)
    let past = scrolling.update(.changeColumns(delta: 1, current: fitIn40, width: 40, margins: Self.margins))
    #expect(past == .columns(notice: "\(fitIn40) columns is the most that fit in 40 cells"))
    #expect(scrolling.columnOverride == fitIn40)
    _ = scrolling.update(.changeColumns(delta: -1, current: 1, width: 40, margins: Self.margins))
    #expect(scrolling.columnOverride == 1, "never fewer than one")
    #expect(scrolling.columnPolicy(ViewerOptions()) == .adaptive(minimumWidth: 7, maximumCount: 1))
    #expect(scrolling.update(.automaticColumns) == .columns(notice: nil))
    let options = ViewerOptions()
    #expect(
      scrolling.columnPolicy(options)
        == .adaptive(minimumWidth: options.minimumColumnWidth, maximumCount: options.maximumColumns))
  }

  @Test("a page is the viewport less a row, half a page half that; a row each in step mode")
  func pageRows() {
    #expect(Scrolling.rows(for: .pageDown, viewportHeight: 20, stepping: false) == 19)
    #expect(Scrolling.rows(for: .pageUp, viewportHeight: 20, stepping: false) == -19)
    #expect(Scrolling.rows(for: .halfPageDown, viewportHeight: 20, stepping: false) == 9)
    #expect(Scrolling.rows(for: .halfPageUp, viewportHeight: 2, stepping: false) == -1)
    #expect(Scrolling.rows(for: .pageUp, viewportHeight: 20, stepping: true) == -1)
    #expect(Scrolling.rows(for: .stepDown, viewportHeight: 20, stepping: false) == nil)
  }
}
