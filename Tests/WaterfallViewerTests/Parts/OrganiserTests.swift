import ShopCatalog
import Testing

@testable import WaterfallViewer

/// Sort, filter and sections alone: the query asked for, the refresh's request, a failure kept for R.
@Suite("Parts: the organiser")
struct OrganiserTests {
  @Test("o goes round the orders from the one asked for, even before its answer is shown")
  func sortCycles() {
    var organiser = Organiser(presentation: Presentation())
    #expect(organiser.update(.cycleSort) == .asked)
    #expect(organiser.pending?.query.order == .priceAscending && organiser.presentation.sort == .dataset)
    #expect(organiser.update(.cycleSort) == .asked)
    #expect(organiser.pending?.query.order == .priceDescending && organiser.pending?.change == .sort(.priceDescending))
    _ = organiser.update(.shown)
    #expect(organiser.presentation.sort == .priceDescending && organiser.pending == nil)
  }

  @Test("a change back to the query shown, with nothing asked, asks nothing and says what is shown")
  func unchanged() {
    var organiser = Organiser(presentation: Presentation())
    #expect(organiser.update(.filter("")) == .unchanged(.filter("")))
    #expect(organiser.update(.filter("  ")) == .unchanged(.filter("")), "blank is no filter")
    #expect(organiser.pending == nil)
    #expect(Organiser.notice(for: .filter(""), matching: "9", itemsRead: nil) == "showing every item")
  }

  @Test("S turns sections on by the field given, and off again")
  func sections() {
    var organiser = Organiser(presentation: Presentation())
    #expect(organiser.update(.toggleSections(.shop)) == .asked)
    _ = organiser.update(.shown)
    #expect(organiser.presentation.grouping == .shop)
    #expect(organiser.update(.toggleSections(.shop)) == .asked)
    #expect(organiser.pending?.query.grouping == nil && organiser.pending?.change == .sections(nil))
  }

  @Test("a failed query's refresh is asked again by the next one, as a new attempt; success starts the count over")
  func failureIsRetried() {
    var organiser = Organiser(presentation: Presentation())
    _ = organiser.update(.filter("silk"))
    let asked = organiser.pending?.query
    #expect(organiser.update(.refreshStarts) == .request(asked!, attempt: 0))
    #expect(
      organiser.update(.refreshFailed(reason: "timed out")) == .notice("filtering failed, R retries: timed out"))
    #expect(organiser.pending == nil && organiser.presentation.filter == nil)
    #expect(organiser.update(.refreshStarts) == .request(asked!, attempt: 1), "R asks for the failed query again")
    _ = organiser.update(.refreshSucceeded)
    #expect(organiser.update(.refreshStarts) == .request(asked!, attempt: 0))
    _ = organiser.update(.refreshSucceeded)
    _ = organiser.update(.shown)
    _ = organiser.update(.refreshStarts)
    #expect(
      organiser.update(.refreshFailed(reason: "refused")) == .notice("refresh failed, R retries: refused"),
      "a plain refresh's failure says R too")
  }

  @Test("the notice says the order, the sections, or how many items match of how many were read")
  func notices() {
    #expect(Organiser.notice(for: .sort(.title), matching: "0", itemsRead: nil) == "sorted by title")
    #expect(Organiser.notice(for: .sections(nil), matching: "0", itemsRead: nil) == "one waterfall, no sections")
    #expect(Organiser.notice(for: .filter("silk"), matching: "14", itemsRead: 42) == "14 of 42 items match silk")
    #expect(Organiser.notice(for: .filter("silk"), matching: "14", itemsRead: nil) == "14 items match silk")
    #expect(Organiser.notice(for: .filter("silk"), matching: "50+", itemsRead: 900) == "50+ of 900 items match silk")
  }
}
