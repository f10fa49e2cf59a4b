import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// `r` on a source others add to (PostgreSQL) keeps the place whether or not a search is on: the order is the
/// same, the rows added come after it.
@Suite("Parts: r keeping the place with a search on")
struct OrganiserRefreshSearchTests {
  @Test("a refresh that keeps the place keeps it with a search on, and the search counts its matches again")
  func keepsPlaceSearching() {
    var organiser = Organiser(presentation: Presentation(query: CatalogueQuery()))
    let location = (item: ItemID(7), rank: Int?(40))
    let delivery = OrganiserAnswerTests.delivery(CatalogueQuery(), OrganiserAnswerTests.page, location: location)
    let searching = organiser.refreshAccepted(
      delivery, keepsItems: false, keepsPlace: true, searching: true, in: surroundings(6))
    #expect(searching.summary == ["replace keeping place locating \(ItemID(7))", "search newQueryShown"])
    let plain = organiser.refreshAccepted(
      delivery, keepsItems: false, keepsPlace: true, searching: false, in: surroundings(6))
    #expect(plain.summary == ["replace keeping place locating \(ItemID(7))"])
  }
}
