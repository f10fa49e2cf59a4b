import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// A first page the engine accepted, answered by the organiser alone: the query asked for shown keeping the place,
/// a newer query asked again, a failure said, a feed's refresh kept, a plain refresh from the top.
@Suite("Parts: the organiser's answer to a first page")
struct OrganiserAnswerTests {
  static func delivery(
    _ query: CatalogueQuery, _ response: CatalogueResponse, location: (item: ItemID, rank: Int?)? = nil
  ) -> PageDelivery {
    let load = PageLoad(
      request: PageRequest(kind: .refresh, number: 1), pageRequest: CataloguePageRequest(query: query, attempt: 0))
    return PageDelivery(load: load, response: response, location: location)
  }

  static let page = PagingArrivalTests.page(3, next: PageCursor(page: 1))

  @Test("the answer to the query asked for is shown keeping the focused box's place; the notice says what changed")
  func queryShown() {
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    #expect(organiser.update(.cycleSort) == .asked)
    let asked = organiser.pending!.query
    let location = (item: ItemID(7), rank: Int?(40))
    let commands = organiser.refreshAccepted(
      Self.delivery(asked, Self.page, location: location), keepsItems: false, searching: false, in: surroundings(6))
    #expect(
      commands.summary == [
        "replace keeping place of the focus locating \(ItemID(7))",
        "query shown notice \(QueryChange.sort(asked.order))",
        "search newQueryShown",
      ])
    #expect(organiser.presentation.query == asked && organiser.pending == nil)
  }

  @Test("with a search on, the new order shows from its top")
  func queryShownSearching() {
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    _ = organiser.update(.toggleSections(.shop))
    let commands = organiser.refreshAccepted(
      Self.delivery(organiser.pending!.query, Self.page), keepsItems: false, searching: true, in: surroundings(6))
    #expect(commands.first?.summary == "replace keeping place from the top")
  }

  @Test("an answer overtaken by a newer query asks again, for the newer one")
  func overtaken() {
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    _ = organiser.update(.cycleSort)
    let old = organiser.pending!.query
    _ = organiser.update(.cycleSort)
    let commands = organiser.refreshAccepted(
      Self.delivery(old, Self.page), keepsItems: false, searching: false, in: surroundings(6))
    #expect(commands.summary == ["begin refresh"])
    #expect(organiser.pending != nil && organiser.presentation.query == CatalogueQuery(), "nothing shown yet")
  }

  @Test("the first load's failure says the load failed; a new query's says which and that R retries")
  func failed() {
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    let failure = Self.delivery(CatalogueQuery(), .failure(reason: "no route"))
    let base = surroundings(0)
    let nothingLoaded = Surroundings(
      waterfall: base.waterfall, store: ItemStore(), query: base.query, pendingQuery: nil, keyboard: nil,
      keyboardOnScreen: nil, reading: base.reading)
    let first = organiser.refreshAccepted(failure, keepsItems: false, searching: false, in: nothingLoaded)
    #expect(first.summary == ["notice load failed: no route"])
    _ = organiser.update(.cycleSort)
    let asked = Self.delivery(organiser.pending!.query, .failure(reason: "no route"))
    let sorting = organiser.refreshAccepted(asked, keepsItems: false, searching: false, in: surroundings(6))
    #expect(sorting.summary == ["notice sorting by price, lowest first failed, R retries: no route"])
    #expect(organiser.pending == nil && organiser.failed != nil)
  }

  @Test("a feed's refresh keeps the items and the place, and counts what is new beside the items loaded")
  func keepsItems() {
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    let commands = organiser.refreshAccepted(
      Self.delivery(CatalogueQuery(), Self.page), keepsItems: true, searching: false, in: surroundings(6))
    #expect(commands.summary == ["replace keeping place", "refreshed notice 6 known"])
  }

  @Test("a plain refresh starts over from the top, nothing focused, no cell kept; skipped pages said first")
  func startsOver() {
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    var skipping = CataloguePage(items: AppFixture.items(1), ids: [ItemID(0)], next: nil, resultCount: nil)
    skipping.skippedPages = ["a.json: unreadable"]
    let commands = organiser.refreshAccepted(
      Self.delivery(CatalogueQuery(), .page(skipping)), keepsItems: false, searching: false, in: surroundings(6))
    #expect(
      commands.summary == [
        "notice skipped a.json: unreadable", "jumps drop", "replace items", "search itemsReplaced", "keyboard none",
        "select none", "reload all", "scroll to 0",
      ])
  }

  @Test("o, S and &: a new query drops the jumps' goal and starts a refresh; the query shown already is said")
  func keys() {
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    #expect(organiser.update(.cycleSort).commands.summary == ["jumps drop", "restart refresh"])
    var plain = Organiser(presentation: Presentation(query: CatalogueQuery()))
    #expect(plain.update(.filter("")).commands.summary == ["query shown notice \(QueryChange.filter(""))"])
    #expect(plain.update(.refreshSucceeded).commands.isEmpty)
  }
}
