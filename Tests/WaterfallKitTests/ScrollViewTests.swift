import Testing
import WaterfallKit

@Suite("Scroll view: offsets, scroll to item, selection, header, footer and states")
struct ScrollViewTests {
  @Test("the offset is clamped to the content")
  func offsetClamped() {
    let source = RecordingSource(heights: Array(repeating: 10, count: 20))
    let view = source.makeView(width: 40, height: 10, columns: .fixed(2))
    view.scroll(toOffset: -5)
    #expect(view.contentOffset == 0)
    view.scroll(toOffset: 1_000_000)
    #expect(view.contentOffset == view.contentHeight - 10)
    source.heights = [1]
    view.reloadData()
    #expect(view.contentOffset == 0, "content shorter than the viewport")
  }

  @Test("scrollToItem puts the item at top, center, bottom, or just in view")
  func scrollToItemPositions() {
    let source = RecordingSource(heights: Array(repeating: 6, count: 100))
    let view = source.makeView(width: 40, height: 12, columns: .fixed(1), margins: .zero)
    view.scrollToItem(50, at: .top)
    #expect(view.contentOffset == 300)
    view.scrollToItem(50, at: .center)
    #expect(view.contentOffset == 300 + 3 - 6)
    view.scrollToItem(50, at: .bottom)
    #expect(view.contentOffset == 306 - 12)
    view.scrollToItem(52, at: .visible)
    #expect(view.contentOffset == 318 - 12)
    view.scrollToItem(51, at: .visible)
    #expect(view.contentOffset == 318 - 12, "already fully visible: no move")
    view.scrollToItem(10, at: .visible)
    #expect(view.contentOffset == 60)
  }

  @Test("select by point: items select, gaps and margins do not, the delegate hears")
  func selectByPoint() {
    let source = RecordingSource(heights: [4, 4, 4, 4])
    let view = source.makeView(
      width: 21, height: 20, columns: .fixed(2),
      margins: WaterfallMargins(top: 1, bottom: 0, left: 1, right: 1, columnGap: 1, rowGap: 1))
    // columns: x 1..<10 and 11..<20; rows: items at 1..<5 and 6..<10
    #expect(view.selectItem(atContentPoint: GridPoint(x: 12, y: 7)) == .item(3))
    #expect(view.selectedIndex == 3)
    #expect(view.selectItem(atContentPoint: GridPoint(x: 10, y: 2)) == .gap)
    #expect(view.selectItem(atContentPoint: GridPoint(x: 3, y: 5)) == .gap)
    #expect(view.selectItem(atContentPoint: GridPoint(x: 0, y: 2)) == .margin)
    #expect(view.selectedIndex == 3)
    #expect(source.selected == [3])
  }

  @Test("header and footer are full-width regions that scroll with the content")
  func headerAndFooter() {
    let source = RecordingSource(heights: [3, 5, 4])
    let view = source.makeView(width: 30, height: 8, columns: .fixed(2), margins: .zero)
    view.headerHeight = 2
    view.footerHeight = 1
    #expect(view.layout.headerFrame == GridRect(x: 0, y: 0, width: 30, height: 2))
    #expect(view.layout.frame(of: 0).y == 2)
    // Columns: item 0 rows 2..<5 then item 2 rows 5..<9; item 1 rows 2..<7. The footer follows the tallest.
    #expect(view.layout.footerFrame == GridRect(x: 0, y: 9, width: 30, height: 1))
    #expect(view.contentHeight == 10)
    #expect(view.layout.hitTest(GridPoint(x: 29, y: 9)) == .footer)
    #expect(view.layout.hitTest(GridPoint(x: 20, y: 8)) == .gap)
    #expect(view.layout.hitTest(GridPoint(x: 0, y: 1)) == .header)
  }

  @Test("loading before the first page, empty when nothing came, items after")
  func contentStates() {
    let source = RecordingSource(heights: [])
    let view = source.makeView()
    #expect(view.contentState == .empty)
    let request = view.beginRefresh()!
    #expect(view.contentState == .loading)
    source.heights = [3, 3]
    #expect(view.finishRefresh(request: request, outcome: .loaded(hasMore: true)))
    view.reloadData(keepingCells: false)
    #expect(view.contentState == .items)
    #expect(source.refreshRequests == [request])
  }
}
