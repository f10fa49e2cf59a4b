import ShopCatalog
import Testing

@testable import WaterfallViewer

/// Paging alone: what a load-more and a refresh ask for, and which loads a refresh makes stale.
@Suite("Parts: paging")
struct PagingTests {
  static func store(next: PageCursor?) -> ItemStore {
    var store = ItemStore()
    store.take(
      .page(
        CataloguePage(
          items: AppFixture.items(3), ids: [ItemID(0), ItemID(1), ItemID(2)], next: next, resultCount: nil)))
    return store
  }

  @Test("a load-more asks for the page after the loaded ones; after the last page it is told no more at once")
  func loadMore() {
    var paging = Paging()
    let query = CatalogueQuery(order: .title)
    let more = Self.store(next: PageCursor(page: 1))
    #expect(paging.loadMore(4, store: more, query: query) == .load(more.nextRequest(for: query), cancelling: []))
    #expect(more.nextRequest(for: query).cursor == PageCursor(page: 1) && more.nextRequest(for: query).pageNumber == 1)
    #expect(paging.loadsInFlight == [4])
    #expect(paging.loadMore(5, store: Self.store(next: nil), query: query) == .noMore)
    #expect(paging.loadsInFlight == [4], "nothing asked, nothing on its way")
    paging.arrived(4)
    #expect(paging.loadsInFlight.isEmpty)
  }

  @Test("a refresh asks for its first page and cancels every load-more on its way, in order")
  func refresh() {
    var paging = Paging()
    let store = Self.store(next: PageCursor(page: 1))
    _ = paging.loadMore(7, store: store, query: CatalogueQuery())
    _ = paging.loadMore(3, store: store, query: CatalogueQuery())
    let first = CataloguePageRequest(query: CatalogueQuery(order: .priceAscending), attempt: 1)
    #expect(paging.refresh(first) == .load(first, cancelling: [3, 7]))
    #expect(paging.loadsInFlight.isEmpty)
    #expect(paging.refresh(first) == .load(first, cancelling: []))
  }

  @Test("the notices: the pages passed over, and what a refresh that keeps the items brought")
  func notices() {
    var page = CataloguePage(items: [], ids: [], next: nil, resultCount: nil)
    #expect(Paging.skippedNotice(.page(page)) == nil)
    page.skippedPages = ["p2.json: not JSON", "p3.json: empty"]
    #expect(Paging.skippedNotice(.page(page)) == "skipped p2.json: not JSON; p3.json: empty")
    #expect(Paging.skippedNotice(.failure(reason: "gone")) == nil)
    let ids = Self.store(next: nil).ids
    #expect(Paging.refreshNotice(known: [], ids: ids) == nil, "the first answer is not news")
    #expect(Paging.refreshNotice(known: [ItemID(0), ItemID(1), ItemID(2)], ids: ids) == "refreshed: nothing new")
    #expect(Paging.refreshNotice(known: [ItemID(2)], ids: ids) == "refreshed: 2 new at the top")
  }
}
