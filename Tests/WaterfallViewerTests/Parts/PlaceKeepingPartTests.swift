import ShopCatalog
import Testing
import WaterfallKit

@testable import WaterfallViewer

/// Keeping the place alone: what it takes before a new answer, and what it says once the answer is in.
@Suite("Parts: keeping the place")
struct PlaceKeepingPartTests {
  static func ids(_ numbers: [Int]) -> LoadedItems<ItemID> {
    var ids = LoadedItems(placeholder: ItemID(-1))
    ids.append(contentsOf: numbers.map { ItemID($0) })
    return ids
  }

  @Test(
    "the focused box on screen is the place, at its rows from the top; the answer maps each old box and keeps the focus"
  )
  func focusedBox() throws {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    waterfall.scroll(toOffset: 4)
    let focused = try #require(waterfall.indicesInViewport.max())
    var kept = PlaceKeeping(
      kept: .focusedBoxOrTopOfView, ids: source.store.ids, keyboardFocus: focused, focusOnScreen: focused,
      waterfall: waterfall)
    let place = try #require(kept.place)
    #expect(place.item == ItemID(focused) && place.purpose == .focusedBox)
    #expect(place.distanceFromTop == waterfall.layout.frame(of: focused).y - 4)
    kept.answered(Self.ids((0..<12).reversed()))
    #expect(kept.newIndex(ofOld: 0) == 11 && kept.newIndex(ofOld: 11) == 0 && kept.newIndex(ofOld: 12) == nil)
    #expect(kept.focus == 11 - focused)
    #expect(!kept.scrollsToTop, "the boxes on screen are in the answer")
    #expect(kept.target(location: (ItemID(focused), 40), loadedCount: 12) == nil, "in the first page: no load")
  }

  @Test("the selection follows its item into the answer; with none selected the focus does not become one")
  func selectionFollowsItsItem() throws {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    var focusedOnly = PlaceKeeping(
      kept: .focusedBoxOrTopOfView, ids: source.store.ids, keyboardFocus: 2, focusOnScreen: 2, waterfall: waterfall)
    focusedOnly.answered(Self.ids((0..<12).reversed()))
    #expect(focusedOnly.focus == 9 && focusedOnly.selection == nil)
    waterfall.selectItem(at: 3)
    var selected = PlaceKeeping(
      kept: .focusedBoxOrTopOfView, ids: source.store.ids, keyboardFocus: 2, focusOnScreen: 2, waterfall: waterfall)
    selected.answered(Self.ids((0..<12).reversed()))
    #expect(selected.selection == 8)
  }

  @Test("nothing focused: the topmost box on screen; at the very top, no place and the top stays")
  func topOfView() throws {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    let atTop = PlaceKeeping(
      kept: .focusedBoxOrTopOfView, ids: source.store.ids, keyboardFocus: nil, focusOnScreen: nil, waterfall: waterfall)
    #expect(atTop.place == nil && atTop.scrollsToTop && atTop.focus == nil)
    waterfall.scroll(toOffset: 3)
    var kept = PlaceKeeping(
      kept: .focusedBoxOrTopOfView, ids: source.store.ids, keyboardFocus: nil, focusOnScreen: nil, waterfall: waterfall)
    let place = try #require(kept.place)
    let anchor = try #require(waterfall.placeAnchor())
    #expect(place.purpose == .topOfView && place.item == ItemID(anchor))
    kept.answered(Self.ids(Array(100..<112)))
    #expect(kept.scrollsToTop, "nothing on screen is in the answer")
    let target = try #require(kept.target(location: (place.item, 40), loadedCount: 12))
    #expect(
      target == PlaceTarget(item: place.item, rank: 40, purpose: .topOfView, distanceFromTop: place.distanceFromTop))
    #expect(kept.target(location: (ItemID(99), 40), loadedCount: 12) == nil, "the source found another item")
    #expect(kept.target(location: (place.item, nil), loadedCount: 12) == nil, "the source did not find it")
  }

  @Test("a new order, filter or sections with nothing focused keeps no place: it shows from its top")
  func newQueryWithoutFocus() {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    waterfall.scroll(toOffset: 3)
    var kept = PlaceKeeping(
      kept: .focusedBox, ids: source.store.ids, keyboardFocus: nil, focusOnScreen: nil, waterfall: waterfall)
    #expect(kept.place == nil && kept.focus == nil)
    kept.answered(source.store.ids)
    #expect(kept.scrollsToTop, "though every box on screen is in the answer")
  }

  @Test("with a search on nothing is kept: the answer shows from its top, nothing focused")
  func notKept() {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    waterfall.scroll(toOffset: 4)
    var kept = PlaceKeeping(
      kept: .nothing, ids: source.store.ids, keyboardFocus: 2, focusOnScreen: 2, waterfall: waterfall)
    kept.answered(source.store.ids)
    #expect(kept.place == nil && kept.focus == nil && kept.scrollsToTop)
    #expect(kept.newIndex(ofOld: 2) == 2, "cells are still kept")
  }

  @Test("a target loaded through to: at its rank, or where the item is; focused by its purpose, selected if it was")
  func arrival() {
    let (source, waterfall) = ItemLayoutSourceTests.laidOut(12)
    let layout = waterfall.layout
    let ids = source.store.ids
    var kept = PlaceTarget(item: ItemID(7), rank: 7, purpose: .focusedBox, distanceFromTop: 2)
    #expect(
      PlaceKeeping.arrival(at: kept, ids: ids, layout: layout)
        == .init(index: 7, offset: layout.frame(of: 7).y - 2, focuses: true, selects: false))
    kept.wasSelected = true
    #expect(PlaceKeeping.arrival(at: kept, ids: ids, layout: layout)?.selects == true)
    let moved = PlaceTarget(item: ItemID(5), rank: 7, purpose: .goToItem, distanceFromTop: nil)
    #expect(
      PlaceKeeping.arrival(at: moved, ids: ids, layout: layout)
        == .init(index: 5, offset: nil, focuses: true, selects: false))
    let top = PlaceTarget(item: ItemID(3), rank: 3, purpose: .topOfView, distanceFromTop: 0)
    #expect(PlaceKeeping.arrival(at: top, ids: ids, layout: layout)?.focuses == false)
    let gone = PlaceTarget(item: ItemID(50), rank: 3, purpose: .goToItem, distanceFromTop: nil)
    #expect(PlaceKeeping.arrival(at: gone, ids: ids, layout: layout) == nil)
  }
}
