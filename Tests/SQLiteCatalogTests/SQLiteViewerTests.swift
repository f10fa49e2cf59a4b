import Foundation
import SQLiteCatalog
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// A SQLite catalogue in the viewer, on the simulated clock: the status bar counts the whole table, and `G`
/// reaches the table's last row.
@Suite("A SQLite catalogue in the viewer")
struct SQLiteViewerTests {
  static func run(_ fixture: CatalogueFixture) throws -> ScriptedRun {
    let catalogue = try SQLiteCatalogue.open(path: fixture.database, pageSize: 20)
    var options = ViewerOptions()
    options.catalogueName = "shop.sqlite"
    options.fixedColumns = 3
    return ScriptedRun(source: catalogue, size: GridSize(width: 90, height: 14), options: options)
  }

  static func statusBar(_ run: ScriptedRun) -> String { String(run.screen.text.split(separator: "\n").last!) }

  @Test("the status bar shows the loaded items out of the table's total, with no filter too")
  func totalInTheStatusBar() throws {
    let fixture = try CatalogueFixture(count: 230, seed: 8)
    let run = try Self.run(fixture)
    let bar = Self.statusBar(run)
    #expect(bar.hasPrefix(" row 1/") && bar.contains(" │ 20/230 items │ view 1-"), "\(bar)")
    // Styled as the rest of the bar: one run of the status bar's style across the row.
    let styled = run.run([], format: .styled)
    #expect(styled.contains("20/230 items"))
    _ = run.run(try KeyScript.parse("G"))
    #expect(run.viewer.store.count == 230)
    #expect(Self.statusBar(run).contains("230 items"))
    #expect(!Self.statusBar(run).contains("/230 items"), "everything is laid out: no longer a part")
    let last = fixture.items.last!
    #expect(run.viewer.store.items[229].price == last.price && run.viewer.store.items.isLoaded(229))
    #expect(run.viewer.waterfall.indicesInViewport.contains(229))
  }
}
