import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// What each panel says, from what it is given.
@Suite("Parts: the panel's content")
struct PanelContentTests {
  static func content(_ overlay: Overlay?, store: ItemStore = ItemStore()) -> (title: String, lines: [PanelLine]) {
    PanelContent.of(
      overlay, store: store, options: AppFixture.options(ascii: true), reuse: ReuseStatistics(),
      lastFrameMicroseconds: nil, metrics: SessionMetrics(), pictureStatistics: nil, pictures: PictureBook())
  }

  @Test("no panel says nothing; help lists the keys; statistics the cell reuse")
  func titles() {
    #expect(Self.content(nil).title.isEmpty && Self.content(nil).lines.isEmpty)
    let help = Self.content(.help)
    #expect(help.title == "Keys" && help.lines.contains { $0.text.contains("quit") })
    #expect(Self.content(.statistics).title == "Cell reuse" && !Self.content(.statistics).lines.isEmpty)
  }

  @Test("the detail names the item by its number; an index past the items is only \"Item\"")
  func detail() {
    let runner = AppFixture.runner(items: AppFixture.items(5))
    _ = AppFixture.screen(runner, "")
    let store = runner.viewer.store
    let detail = Self.content(.detail(3), store: store)
    #expect(detail.title == "Item #\(store.ids[3].number)")
    #expect(detail.lines.contains { $0.text.contains("item 3") })
    #expect(Self.content(.detail(99), store: store).title == "Item")
  }
}
