import Pictures
import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// Which pictures the boxes and the detail want, and the detail picture's size, alone.
@Suite("Parts: the pictures wanted")
struct PictureWantsTests {
  @Test("each loaded box in the buffered viewport wants its picture at its box's size, on screen ones first")
  func boxes() throws {
    let runner = AppFixture.runner(items: AppFixture.items(40), options: AppFixture.options(columns: 2))
    _ = AppFixture.screen(runner, "")
    let viewer = runner.viewer
    let wanted = PictureBook.wants(
      in: viewer.waterfall, store: viewer.store, metrics: viewer.options.metrics, detail: nil)
    #expect(Set(wanted.keys) == Set(viewer.waterfall.visibleCells.keys.map(PictureSlot.box)))
    let first = try #require(wanted[.box(0)])
    #expect(first.priority == .visible && first.size.columns == viewer.waterfall.layout.columnWidth - 2)
    let offScreen = wanted.values.filter {
      !viewer.waterfall.layout.frame(of: $0.index).intersects(viewer.waterfall.viewportRect)
    }
    #expect(offScreen.allSatisfy { $0.priority == .prefetch })
    let withDetail = PictureBook.wants(
      in: viewer.waterfall, store: viewer.store, metrics: viewer.options.metrics,
      detail: (3, BoxSize(columns: 20, rows: 9)))
    let detail = try #require(withDetail[.detail(3)])
    #expect(detail.index == 3 && detail.size == BoxSize(columns: 20, rows: 9) && detail.priority == .visible)
    let pastTheItems = PictureBook.wants(
      in: viewer.waterfall, store: viewer.store, metrics: viewer.options.metrics,
      detail: (400, BoxSize(columns: 20, rows: 9)))
    #expect(pastTheItems[.detail(400)] == nil && pastTheItems.count == wanted.count)
  }

  @Test("the detail picture keeps the item's shape: as wide as the panel allows, narrower when tall; none without room")
  func detailSize() throws {
    let screen = GridSize(width: 80, height: 40)
    let wide = try #require(PictureArea.detailSize(screen: screen, aspectRatio: 0.5, cellAspect: 0.5))
    #expect(wide.columns == 60 && wide.rows == 15)
    let tall = try #require(PictureArea.detailSize(screen: screen, aspectRatio: 4, cellAspect: 0.5))
    #expect(tall.rows == 26 && tall.columns == 13, "rows capped at the room left for the text")
    #expect(PictureArea.detailSize(screen: GridSize(width: 8, height: 40), aspectRatio: 1, cellAspect: 0.5) == nil)
    #expect(PictureArea.detailSize(screen: screen, aspectRatio: .nan, cellAspect: 0.5) == nil)
  }

  @Test("sides no dataset allows, as another client may write them to a database row, give a bounded box, not a trap")
  func absurdSides() throws {
    let screen = GridSize(width: 80, height: 40)
    let tallest = try #require(PictureArea.detailSize(screen: screen, aspectRatio: 1e300, cellAspect: 0.5))
    #expect(tallest.rows == 26 && tallest.columns == 1)
    let flattest = try #require(PictureArea.detailSize(screen: screen, aspectRatio: 1e-300, cellAspect: 0.5))
    #expect(flattest.rows == 1 && flattest.columns == 60)
    let absurd = ShopItem(width: 1e-150, height: 1e150, price: "¥1", title: "absurd sides")
    let runner = AppFixture.runner(items: [absurd] + AppFixture.items(3), width: 80, height: 30)
    #expect(AppFixture.screen(runner, "Enter Enter").contains("absurd sides"), "its detail opens")
  }
}
