import ShopCatalog
import WaterfallKit

/// Reaching an item beyond the loaded pages: the one the user was looking at when a sort, a filter or sections
/// changed, or the one `:N` names. The source says where it is, and pages are loaded through to it.
extension Viewer {
  /// The item whose place a new query keeps (layout index): the focused box when it is on screen, else the
  /// topmost box on screen; none at the very top, where the top is the place.
  func placeItem() -> (index: Int, purpose: PlaceTarget.Purpose)? {
    if let focus = visibleFocus, focus < store.count { return (focus, .focusedBox) }
    guard waterfall.contentOffset > 0, let top = waterfall.placeAnchor(), top < store.count else { return nil }
    return (top, .topOfView)
  }

  /// After a new query's first page replaced the items: when the item of `place` is not in it but the source
  /// found it further on (`location`), starts loading through to it.
  func startLoadingToPlace(
    _ place: (item: ItemID, distanceFromTop: Int, purpose: PlaceTarget.Purpose), location: (item: ItemID, rank: Int?)?
  ) {
    guard let location, location.item == place.item, let rank = location.rank, rank >= store.count else { return }
    state.loadingToPlace = PlaceTarget(
      item: place.item, rank: rank, purpose: place.purpose, distanceFromTop: place.distanceFromTop)
    continueLoadingToPlace()
  }

  /// The source answered where the item `:N` named is: focus it if loaded, else load through to it.
  func goToLocated(_ location: ItemLocation) {
    guard location.query == presentation.query, pendingQuery == nil else { return }
    guard let rank = location.rank else {
      let whole = reading.isComplete && location.query.isReadingOrder
      state.notice =
        "no item #\(location.item.number)" + (whole ? ": the catalogue has \(reading.itemsRead)" : " in this result")
      return
    }
    state.loadingToPlace = PlaceTarget(item: location.item, rank: rank, purpose: .goToItem, distanceFromTop: nil)
    continueLoadingToPlace()
  }

  /// A page arrived (or loading through began): put the item where it belongs if it is in, else ask for the
  /// next page.
  func continueLoadingToPlace() {
    guard let target = state.loadingToPlace else { return }
    guard target.rank < store.count else {
      if measureForJump() { return }
      switch waterfall.paging.loadMore {
      case .idle: waterfall.loadMore()
      case .loading: break
      case .failed(let reason):
        state.loadingToPlace = nil
        state.notice = "stopped loading to \(target.name): \(reason)"
      case .exhausted: state.loadingToPlace = nil
      }
      return
    }
    state.loadingToPlace = nil
    // A measured result's rank not loaded yet is where the source said the item is.
    let rank =
      !store.ids.isLoaded(target.rank) || store.ids[target.rank] == target.item
      ? target.rank : store.ids.firstIndex(of: target.item)
    guard let index = rank else { return }
    // The same distance from the top of the view where the layout allows it.
    if let distance = target.distanceFromTop {
      waterfall.scroll(toOffset: waterfall.layout.frame(of: index).y - distance)
    }
    guard target.purpose != .topOfView else { return }
    state.focusedIndex = index
    if target.purpose == .focusedBox { waterfall.selectItem(at: index) }
    reveal(index)
  }

  /// Esc while loading through to an item: stop where the view is.
  func stopLoadingToPlace() -> Bool {
    guard let target = state.loadingToPlace else { return false }
    state.loadingToPlace = nil
    cancelMeasuring()
    state.notice = "stopped loading to \(target.name)"
    return true
  }
}
