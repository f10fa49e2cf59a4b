import Locking
import ShopCatalog
import Testing
import WaterfallKit
import WaterfallViewer

/// A catalogue others append to while it is viewed, as a PostgreSQL table another client inserts into: its pages
/// are read from the items as they are now, a first page learns the count again, and the items added since the
/// last first page are its news.
final class GrowingCatalogue: CatalogueSource {
  private struct Rows {
    var items: [ShopItem]
    /// Items when the last first page was read: what the viewer counts and shows.
    var known: Int
  }

  private let rows: Locked<Rows>
  let pageSize: Int

  init(items: [ShopItem], pageSize: Int) {
    rows = Locked(Rows(items: items, known: items.count))
    self.pageSize = pageSize
  }

  /// Another client adds `items` at the end.
  func add(_ items: [ShopItem]) { rows.withLock { $0.items += items } }

  func fetch(_ request: CataloguePageRequest) -> CatalogueResponse {
    let start = request.cursor?.page ?? 0
    let (slice, total) = rows.withLock { rows in
      if start == 0 { rows.known = rows.items.count }
      return (Array(rows.items[start..<min(rows.items.count, start + pageSize)]), rows.known)
    }
    let end = start + slice.count
    return .page(
      CataloguePage(
        items: slice, ids: (start..<end).map { ItemID($0) }, next: end < total ? PageCursor(page: end) : nil,
        resultCount: total))
  }

  func findMatches(of pattern: ItemQuery, in query: CatalogueQuery) -> [Int] { [] }
  func rank(of item: ItemID, in query: CatalogueQuery) -> Int? { item.rawValue }
  var latencyMilliseconds: Int { 0 }
  func measure(_ request: MeasureRequest) -> MeasureResponse { .unavailable(reason: "pages only") }

  var progress: ReadingProgress {
    rows.withLock { rows in
      var progress = ReadingProgress.complete(itemsRead: rows.known)
      progress.newItems = rows.items.count - rows.known
      return progress
    }
  }
}

@Suite("Items others add are announced, and r reads them in keeping the place")
struct NewItemsTests {
  static func runner(_ catalogue: GrowingCatalogue, ascii: Bool = false) -> ScriptedRun {
    var options = AppFixture.options(columns: 4, ascii: ascii)
    options.refreshKeepsPlace = true
    return AppFixture.runner(source: catalogue, width: 100, height: 30, options: options)
  }

  @Test("announced on the status line with no key pressed; r shows them, the focused item stays focused and on screen")
  func announcedThenReadIn() {
    let catalogue = GrowingCatalogue(items: AppFixture.items(120), pageSize: 40)
    let run = Self.runner(catalogue)
    run.apply(try! KeyScript.parse(": 7 0 enter wait:500"))
    let app = run.viewer
    #expect(app.state.keyboardFocus == 69 && app.store.count == 80, "item #70 focused, beyond the first page")
    catalogue.add(AppFixture.items(121, titlePrefix: "new").suffix(1))
    run.advance(by: ScriptedRun.tickMilliseconds)
    #expect(AppFixture.statusBar(run).contains("1 new item · r shows it"), "\(AppFixture.statusBar(run))")
    catalogue.add(AppFixture.items(122, titlePrefix: "new").suffix(1))
    run.advance(by: ScriptedRun.tickMilliseconds)
    #expect(AppFixture.statusBar(run).contains("2 new items · r shows them"))
    run.apply(try! KeyScript.parse("r wait:500"))
    let bar = AppFixture.statusBar(run)
    #expect(bar.contains("/122 items") && !bar.contains("new item"), "\(bar)")
    #expect(app.state.keyboardFocus == 69 && app.store.ids[69] == ItemID(69), "item #70 still focused")
    #expect(app.waterfall.indicesInViewport.contains(69), "and on screen")
    run.apply(try! KeyScript.parse("G G G G wait:100"))
    let ids = Array(app.store.ids)
    #expect(ids == (0..<122).map { ItemID($0) }, "every item once, the new ones at the end")
    #expect(app.store.items.last?.title == "new 121")
  }

  @Test("a key does not clear the news; ASCII says it with its own dot")
  func newsStaysUntilRefresh() {
    let catalogue = GrowingCatalogue(items: AppFixture.items(30), pageSize: 40)
    let run = Self.runner(catalogue, ascii: true)
    run.advance(by: 100)
    catalogue.add(AppFixture.items(3, titlePrefix: "new"))
    run.apply(try! KeyScript.parse("j j wait:100"))
    #expect(AppFixture.statusBar(run).contains("3 new items - r shows them"), "\(AppFixture.statusBar(run))")
  }
}
