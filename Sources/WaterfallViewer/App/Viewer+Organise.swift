import ShopCatalog
import WaterfallKit

/// Sort (`o`), filter (`&`) and sections (`S`): the ``Organiser`` asks for the query; the root shows its answer
/// keeping the user's place.
extension Viewer {
  /// `o`, `S`, `&`: the organiser asks for the new query, or the view says it is shown already.
  func organise(_ message: Organiser.Message) {
    switch organiser.update(message) {
    case .asked:
      send(jumps: .drop)
      waterfall.beginRefresh()
    case .unchanged(let change): state.notice = notice(for: change)
    case .request, .notice, .done: break
    }
  }

  /// The first page of a new query: laid out keeping the user's place (``replaceKeepingPlace(with:location:keepsPlace:)``).
  func show(
    _ pending: (query: CatalogueQuery, change: QueryChange), answer: CatalogueResponse,
    location: (item: ItemID, rank: Int?)?
  ) {
    _ = organiser.update(.shown)
    // A search on: the new order shows from its top (not at the old match, somewhere in the middle), the search
    // stays, its count follows what is shown now (a filter may have hidden every match), `n` goes on from the top.
    replaceKeepingPlace(with: answer, location: location, keepsPlace: searching.search == nil)
    state.notice = notice(for: pending.change)
    send(search: .newQueryShown)
  }

  /// Replaces the items with a first page's answer, keeping the user's place (``PlaceKeeping``): boxes of items
  /// that stay keep their cells; an item beyond the first page that the source found (`location`) is loaded
  /// through to. With `keepsPlace` off, the answer shows from its top, nothing focused.
  func replaceKeepingPlace(
    with answer: CatalogueResponse, location: (item: ItemID, rank: Int?)? = nil, keepsPlace: Bool = true
  ) {
    var kept = PlaceKeeping(
      keepsPlace: keepsPlace, ids: store.ids, keyboardFocus: state.keyboardFocus,
      focusOnScreen: focus.keyboardOnScreen, waterfall: waterfall)
    send(jumps: .drop)
    store.replace(with: answer)
    send(search: .itemsReplaced)
    startPicturesOver()
    kept.answered(store.ids)
    if case .detail = state.panel.overlay { state.panel.overlay = nil }
    waterfall.reloadData(preferring: focus.keyboardOnScreen, mappingIndices: kept.newIndex(ofOld:))
    if kept.scrollsToTop { waterfall.scroll(toOffset: 0) }
    state.keyboardFocus = kept.focus
    waterfall.selectItem(at: kept.focus)
    if let target = kept.target(location: location, loadedCount: store.count) { send(jumps: .load(.place(target))) }
  }

  private func notice(for change: QueryChange) -> String {
    Organiser.notice(
      for: change, matching: store.resultCountText, itemsRead: reading.total)
  }
}
