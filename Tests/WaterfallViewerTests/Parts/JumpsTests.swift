import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// The jumps part alone: what `G`, Home, `:N`, Esc and the rank loader's steps ask of the root.
@Suite("Parts: jumps")
struct JumpsTests {
  static func jumps(measures: Bool = false) -> Jumps { Jumps(measuresToEnd: measures, stretchRows: 100) }

  @Test(":N focuses a loaded item, asks the source for one not loaded, and names what is not a number")
  func goToItem() {
    var jumps = Self.jumps()
    let around = surroundings(12, resultCount: 300)
    #expect(jumps.update(.goToItem("#4"), in: around).summary == ["focus 3"])
    #expect(jumps.update(.goToItem("40"), in: around).summary == ["effect locateItem"])
    #expect(jumps.update(.goToItem("0"), in: around).summary == ["notice no item #0: items count from 1"])
    #expect(jumps.update(.goToItem(" "), in: around).isEmpty)
  }

  @Test("an item the source located beyond the loaded ones is loaded through to, page by page; one it did not is named")
  func located() {
    var jumps = Self.jumps()
    let around = surroundings(12, resultCount: 300)
    let missing = ItemLocation(item: ItemID(number: 900), query: CatalogueQuery())
    #expect(jumps.update(.located(missing), in: around).summary == ["notice no item #900 in this result"])
    let found = ItemLocation(item: ItemID(number: 41), query: CatalogueQuery(), rank: 40)
    #expect(jumps.update(.located(found), in: around).summary == ["load more"])
    #expect(jumps.rankLoader.place?.rank == 40)
    let other = ItemLocation(item: ItemID(number: 41), query: CatalogueQuery(order: .title), rank: 40)
    var fresh = Self.jumps()
    #expect(fresh.update(.located(other), in: around).isEmpty, "an answer for another query is dropped")
  }

  @Test("a loaded goal arrives: a :N item is focused, a match goes to the search")
  func arrives() {
    var jumps = Self.jumps()
    let around = surroundings(12)
    let item = PlaceTarget(item: ItemID(5), rank: 5, purpose: .goToItem, distanceFromTop: nil)
    #expect(jumps.update(.load(.place(item)), in: around).summary == ["focus 5"])
    let match = SearchState.LoadTarget(rank: 9, ordinal: 1)
    #expect(jumps.update(.load(.match(match)), in: around).summary == ["search arrivedAtMatch"])
    #expect(jumps.rankLoader.goal == nil)
    // Ranked by the source, left out of its page (a row with a problem): said, not silently dropped.
    let leftOut = PlaceTarget(item: ItemID(50), rank: 5, purpose: .goToItem, distanceFromTop: nil)
    #expect(
      jumps.update(.load(.place(leftOut)), in: around).summary == [
        "notice item #51 is not shown: left out for a problem, or removed since"
      ])
  }

  @Test("G measures the whole result when it may, and scrolls to the end either way")
  func goToEnd() {
    let around = surroundings(12, resultCount: 300)
    var plain = Self.jumps()
    #expect(plain.update(.goToEnd, in: around).summary == ["scroll to end"])
    var measuring = Self.jumps(measures: true)
    #expect(measuring.update(.goToEnd, in: around).summary == ["effect measure", "scroll to end"])
    #expect(measuring.measurer.measuring?.destination == .end)
    #expect(measuring.update(.goToTop, in: around).summary == ["user scroll to 0"])
    #expect(measuring.measurer.measuring?.destination == .jump, "Home: laid out when done, but not shown at the end")
  }

  @Test("once the measured result is laid out, the view goes to the bottom and the last item is focused")
  func adoptedAtTheEnd() {
    var jumps = Self.jumps(measures: true)
    let around = surroundings(12)
    #expect(
      jumps.update(.adopted(.end), in: around).summary == [
        "user scroll to \(around.waterfall.maximumOffset)", "focus 11", "notice the end: 12 items",
      ])
  }

  @Test("Esc stops loading through (with the measuring), then the measuring alone; with neither it answers nothing")
  func escape() {
    var jumps = Self.jumps(measures: true)
    let around = surroundings(12, resultCount: 300)
    #expect(jumps.update(.escape, in: around).isEmpty)
    let item = PlaceTarget(item: ItemID(40), rank: 40, purpose: .goToItem, distanceFromTop: nil)
    #expect(jumps.update(.load(.place(item)), in: around).summary == ["effect measure"])
    #expect(
      jumps.update(.escape, in: around).summary == ["effect cancelMeasure", "notice stopped loading to item #41"])
    _ = jumps.update(.goToEnd, in: around)
    #expect(
      jumps.update(.escape, in: around).summary == ["effect cancelMeasure", "notice stopped measuring at 0 of ?"])
  }

  @Test("a new search drops only a match being loaded through to")
  func dropMatch() {
    var jumps = Self.jumps()
    let around = surroundings(12, resultCount: 300)
    let item = PlaceTarget(item: ItemID(40), rank: 40, purpose: .goToItem, distanceFromTop: nil)
    _ = jumps.update(.load(.place(item)), in: around)
    _ = jumps.update(.dropMatch, in: around)
    #expect(jumps.rankLoader.place == item)
    _ = jumps.update(.load(.match(SearchState.LoadTarget(rank: 50, ordinal: 0))), in: around)
    _ = jumps.update(.dropMatch, in: around)
    #expect(jumps.rankLoader.goal == nil)
  }
}
