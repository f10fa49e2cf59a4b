import ShopCatalog
import Testing

@testable import WaterfallViewer

/// A filter's status says how many items match: the source's count when it has one, else what is loaded with a
/// "+" while more pages may come. A first page without a count ("50/1000000 shown" for a filter that matches 22,223)
/// is not said to be the whole answer.
@Suite("The result's count as the status line says it")
struct ResultCountTextTests {
  static func store(next: PageCursor?, resultCount: Int?) -> ItemStore {
    var store = ItemStore()
    store.take(
      .page(
        CataloguePage(
          items: AppFixture.items(3), ids: [ItemID(0), ItemID(1), ItemID(2)], next: next,
          resultCount: resultCount)))
    return store
  }

  @Test("counted: the source's count; not counted: the loaded items and a + while more may come, exact at the end")
  func countText() {
    #expect(Self.store(next: PageCursor(page: 1), resultCount: 22_223).resultCountText == "22223")
    #expect(Self.store(next: PageCursor(page: 1), resultCount: nil).resultCountText == "3+")
    #expect(Self.store(next: nil, resultCount: nil).resultCountText == "3")
  }
}
