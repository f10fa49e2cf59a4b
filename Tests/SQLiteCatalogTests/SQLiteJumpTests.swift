import Foundation
import SQLiteCatalog
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// Far jumps over a SQLite catalogue: the table measured by keyset once, laid out, and only the pages on screen
/// fetched, never the pages before the row.
@Suite("Far jumps in a SQLite catalogue")
struct SQLiteJumpTests {
  static func focused(_ viewer: Viewer) -> ItemID? {
    guard let focus = viewer.state.focusedIndex, viewer.store.ids.isLoaded(focus) else { return nil }
    return viewer.store.ids[focus]
  }

  @Test(":N to a row far down, then a sort keeping it at its row: one measuring each, no paging through")
  func goToRowAndKeepItAcrossASort() throws {
    let fixture = try CatalogueFixture(count: 2_000, seed: 5)
    let run = try SQLiteViewerTests.run(fixture)
    let viewer = run.viewer
    _ = run.run(try KeyScript.parse(": 1 5 0 0 Enter"))
    #expect(Self.focused(viewer) == ItemID(number: 1_500))
    #expect(viewer.store.loadedRunCount == 20 && viewer.store.measuredPages != nil)
    let focus = try #require(viewer.state.focusedIndex)
    #expect(viewer.waterfall.indicesInViewport.contains(focus))
    let row = viewer.waterfall.layout.frame(of: focus).y - viewer.waterfall.contentOffset
    _ = run.run(try KeyScript.parse("o"))
    #expect(viewer.presentation.query.order == .priceAscending)
    #expect(Self.focused(viewer) == ItemID(number: 1_500), "the same row of the table, wherever the sort put it")
    let sortedFocus = try #require(viewer.state.focusedIndex)
    #expect(viewer.store.measuredPages != nil && viewer.store.loadedRunCount == 20)
    #expect(viewer.waterfall.layout.frame(of: sortedFocus).y - viewer.waterfall.contentOffset == row)
  }
}
