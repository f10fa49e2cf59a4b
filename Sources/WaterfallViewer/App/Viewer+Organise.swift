import ShopCatalog
import WaterfallKit

/// Sort (`o`), filter (`&`) and sections (`S`): the ``Organiser`` asks for the query and answers its first page; the
/// root swaps the store keeping the user's place.
extension Viewer {
  /// Replaces the items with a first page's answer, keeping the user's place (``PlaceKeeping``): boxes of items
  /// that stay keep their cells; an item beyond the first page that the source found (`location`) is loaded
  /// through to. What is kept, `kept` says.
  func replaceKeepingPlace(
    with answer: CatalogueResponse, location: (item: ItemID, rank: Int?)? = nil,
    kept: PlaceKeeping.Kept = .focusedBoxOrTopOfView
  ) {
    var kept = PlaceKeeping(
      kept: kept, ids: store.ids, keyboardFocus: state.keyboardFocus,
      focusOnScreen: focus.keyboardOnScreen, waterfall: waterfall)
    send(jumps: .drop)
    replaceStore(with: answer)
    send(search: .itemsReplaced)
    kept.answered(store.ids)
    waterfall.reloadData(preferring: focus.keyboardOnScreen, mappingIndices: kept.newIndex(ofOld:))
    if kept.scrollsToTop { waterfall.scroll(toOffset: 0) }
    state.keyboardFocus = kept.focus
    waterfall.selectItem(at: kept.selection)
    if let target = kept.target(location: location, loadedCount: store.count) { send(jumps: .load(.place(target))) }
    if pendingQuery == nil, let place = state.placeAfterQuery {
      state.placeAfterQuery = nil
      go(to: place)
    }
    if pendingQuery == nil { countFilterPreview() }
    if state.panel.overlay == .facets, state.facets?.query != presentation.query { countFacets() }
  }

  func notice(for change: QueryChange) -> String {
    Organiser.notice(
      for: change, matching: store.resultCountText, itemsRead: reading.total)
  }
}
