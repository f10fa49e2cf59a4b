import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The engine's page requests answered by the paging part alone: which loads, cancels and "no more"s they become.
@Suite("Parts: paging's answers to the engine")
struct PagingRequestsTests {
  @Test("a load-more after the last page hears no more; one with more to load is loaded")
  func loadMore() {
    var paging = Paging()
    let last = surroundings(12)
    let request = PageRequest(kind: .loadMore, number: 4)
    #expect(paging.answer([request], in: last) { nil }.summary == ["no more 4"])
    let more = surroundings(12, resultCount: 300)
    #expect(paging.answer([request], in: more) { nil }.summary == ["no more 4"], "the fixture's page has no next")
  }

  @Test("a refresh cancels the measuring and the load-mores on its way, then loads the query asked for")
  func refresh() throws {
    var paging = Paging()
    var store = ItemStore()
    store.take(
      .page(
        CataloguePage(
          items: AppFixture.items(2), ids: [ItemID(0), ItemID(1)], next: PageCursor(page: 1), resultCount: nil)))
    let base = surroundings(2)
    let around = Surroundings(
      waterfall: base.waterfall, store: store, query: base.query, pendingQuery: nil, keyboard: nil,
      keyboardOnScreen: nil, reading: base.reading)
    #expect(paging.answer([PageRequest(kind: .loadMore, number: 7)], in: around) { nil }.summary == ["effect loadPage"])
    let query = CataloguePageRequest(query: CatalogueQuery(order: .title), attempt: 0)
    let commands = paging.answer([PageRequest(kind: .refresh, number: 8)], in: around) { (query, false) }
    #expect(commands.summary == ["jumps itemsChanging", "effect cancelPageLoad", "effect loadPage"])
    guard case .effect(.loadPage(let load)) = commands.last else {
      Issue.record("no load")
      return
    }
    #expect(load.pageRequest == query && load.locating == nil)
    #expect(paging.answer([PageRequest(kind: .refresh, number: 9)], in: around) { nil }.isEmpty, "nothing asked")
  }

  @Test("a new query's refresh asks where the focused box's item is, to keep the place; a search's refresh does not")
  func keepsPlace() {
    var paging = Paging()
    let around = surroundings(12, keyboardOnScreen: 2)
    let query = CataloguePageRequest(query: CatalogueQuery(order: .title), attempt: 0)
    let kept = paging.answer([PageRequest(kind: .refresh, number: 1)], in: around) { (query, true) }
    guard case .effect(.loadPage(let load)) = kept.last else {
      Issue.record("no load")
      return
    }
    #expect(load.locating == around.store.ids[2])
    let fresh = paging.answer([PageRequest(kind: .refresh, number: 2)], in: around) { (query, false) }
    guard case .effect(.loadPage(let freshLoad)) = fresh.last else {
      Issue.record("no load")
      return
    }
    #expect(freshLoad.locating == nil)
  }
}
