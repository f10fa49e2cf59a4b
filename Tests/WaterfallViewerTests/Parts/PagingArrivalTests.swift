import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// A load-more's page the engine accepted, answered by the paging part alone: what goes into the store and the
/// layout, what the status line says, and the jumps part's step.
@Suite("Parts: paging's answer to a load-more's page")
struct PagingArrivalTests {
  static func page(_ count: Int, next: PageCursor?, skipped: [String] = []) -> CatalogueResponse {
    var page = CataloguePage(
      items: AppFixture.items(count), ids: (0..<count).map { ItemID($0) }, next: next, resultCount: nil)
    page.skippedPages = skipped
    return .page(page)
  }

  @Test("the engine hears a page with more after it, the last page, or the failure and its reason")
  func outcome() {
    #expect(Paging.outcome(of: Self.page(2, next: PageCursor(page: 1))) == .loaded(hasMore: true))
    #expect(Paging.outcome(of: Self.page(2, next: nil)) == .loaded(hasMore: false))
    #expect(Paging.outcome(of: .failure(reason: "timed out")) == .failed(reason: "timed out"))
  }

  @Test("a page goes into the store, its items onto the layout and into the search's index; then the jumps step")
  func page() {
    let commands = Paging.loadMoreAccepted(Self.page(3, next: PageCursor(page: 2)), in: surroundings(6))
    #expect(commands.summary == ["take page", "append items", "search itemsAdded", "jumps step"])
  }

  @Test("a failure is taken (the next request is a new attempt), nothing is appended")
  func failure() {
    let commands = Paging.loadMoreAccepted(.failure(reason: "timed out"), in: surroundings(6))
    #expect(commands.summary == ["take failure", "jumps step"])
  }

  @Test("the pages the source passed over are said, each with why")
  func skipped() {
    let response = Self.page(1, next: nil, skipped: ["b.json: not JSON", "c.json: unreadable"])
    let commands = Paging.loadMoreAccepted(response, in: surroundings(6))
    #expect(commands.summary.contains("notice skipped b.json: not JSON; c.json: unreadable"), "\(commands.summary)")
  }

  @Test("over a measured result every item is laid out: the footer says the end")
  func measured() {
    let base = surroundings(4)
    var store = base.store
    store.adopt(
      MeasuredResult(
        shapes: store.displayItems + store.displayItems, pageSize: 4, starts: [nil, PageCursor(page: 1)],
        startRanks: nil))
    let around = Surroundings(
      waterfall: base.waterfall, store: store, query: base.query, pendingQuery: nil, keyboard: nil,
      keyboardOnScreen: nil, reading: base.reading)
    let commands = Paging.loadMoreAccepted(Self.page(4, next: nil), in: around)
    #expect(
      commands.summary == ["take page", "append items", "search itemsAdded", "footer says the end", "jumps step"])
    #expect(!Paging.loadMoreAccepted(Self.page(4, next: nil), in: base).summary.contains("footer says the end"))
  }
}
