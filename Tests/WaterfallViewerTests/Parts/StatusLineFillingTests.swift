import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The status line filled in from the engine and the parts, alone: which figure each piece takes from where.
@Suite("Parts: the status line filled in")
struct StatusLineFillingTests {
  static func filled(
    _ waterfall: WaterfallView, _ store: ItemStore,
    state: ViewState = ViewState(
      screenSize: GridSize(width: 40, height: 20), showReuse: false, columnOverride: nil),
    filter: String? = nil, picking: Bool = false, rankLoader: RankLoader = RankLoader()
  ) -> StatusLine {
    StatusLine(
      waterfall: waterfall, store: store, focus: Focus(keyboard: nil, waterfall: waterfall, store: store),
      reading: ReadingProgress(), presentation: Presentation(query: CatalogueQuery(filter: filter.map(ItemQuery.init))),
      state: state, search: nil, rankLoader: rankLoader, picking: picking, measuring: nil, stepping: false,
      spinner: "*", glyphs: .ascii, keys: KeyHints())
  }

  @Test("the count says of how many when the source knows more; a filter counts its result as shown instead")
  func count() {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12, resultCount: 300)
    #expect(Self.filled(waterfall, source.store).count == "12/300 items")
    let filtered = Self.filled(waterfall, source.store, filter: "item")
    #expect(filtered.count == "12 items" && filtered.filterShown == "300 shown")
    let whole = ItemLayoutSourceTests.laidOut(12)
    #expect(Self.filled(whole.waterfall, whole.source.store).count == "12 items")
  }

  @Test("the engine's place, the boxes on screen, the selected item's number, the marks only when picking")
  func engineAndParts() throws {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    waterfall.selectItem(at: 2)
    var state = ViewState(screenSize: GridSize(width: 40, height: 20), showReuse: false, columnOverride: nil)
    state.notice = "sorted by title"
    let line = Self.filled(waterfall, source.store, state: state)
    let position = try #require(line.position)
    #expect(position.offset == 0 && position.height == waterfall.contentHeight)
    #expect(line.onScreen == waterfall.indicesInViewport.first!...waterfall.indicesInViewport.last!)
    #expect(line.selectedNumber == 3 && line.notice == "sorted by title" && line.marked == nil)
    #expect(Self.filled(waterfall, source.store, picking: true).marked == state.picker.statusText)
    var loader = RankLoader()
    loader.start(.place(PlaceTarget(item: ItemID(40), rank: 40, purpose: .goToItem, distanceFromTop: nil)))
    let loading = Self.filled(waterfall, source.store, state: state, rankLoader: loader)
    #expect(loading.place == "loading to item #41 29%…")
  }
}
