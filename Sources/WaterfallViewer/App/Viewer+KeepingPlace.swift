import ShopCatalog
import WaterfallKit

/// Keeping the user's place across a sort, a filter or sections when the item they were looking at is beyond
/// the new answer's first page: the source says where it is, and pages are loaded through to it.
extension Viewer {
  /// The item whose place a new query keeps (layout index): the focused box when it is on screen, else the
  /// topmost box on screen; none at the very top, where the top is the place.
  func placeItem() -> (index: Int, focused: Bool)? {
    if let focus = visibleFocus, focus < store.count { return (focus, true) }
    guard waterfall.contentOffset > 0, let top = waterfall.placeAnchor(), top < store.count else { return nil }
    return (top, false)
  }

  /// After a new query's first page replaced the items: when the item of `place` is not in it but the source
  /// found it further on (`location`), starts loading through to it. Returns whether it did.
  func startLoadingToPlace(
    _ place: (item: ItemID, distanceFromTop: Int, focused: Bool), location: (item: ItemID, rank: Int?)?
  ) -> Bool {
    guard let location, location.item == place.item, let rank = location.rank, rank >= store.count else {
      return false
    }
    state.loadingToPlace = PlaceTarget(
      item: place.item, rank: rank, distanceFromTop: place.distanceFromTop, wasFocused: place.focused)
    continueLoadingToPlace()
    return true
  }

  /// A page arrived (or loading through began): put the item back where it was if it is in, else ask for the
  /// next page.
  func continueLoadingToPlace() {
    guard let target = state.loadingToPlace else { return }
    guard target.rank < store.count else {
      switch waterfall.paging.loadMore {
      case .idle: waterfall.loadMore()
      case .loading: break
      case .failed(let reason):
        state.loadingToPlace = nil
        state.notice = "stopped loading to \(target.wasFocused ? "the focused item" : "your place"): \(reason)"
      case .exhausted: state.loadingToPlace = nil
      }
      return
    }
    state.loadingToPlace = nil
    let rank = store.ids[target.rank] == target.item ? target.rank : store.ids.firstIndex(of: target.item)
    guard let index = rank else { return }
    // The same distance from the top of the view where the layout allows it.
    waterfall.scroll(toOffset: waterfall.layout.frame(of: index).y - target.distanceFromTop)
    if target.wasFocused {
      state.focusedIndex = index
      waterfall.selectItem(at: index)
      reveal(index)
    }
  }

  /// Esc while loading through to the user's place: stop where the view is.
  func stopLoadingToPlace() -> Bool {
    guard let target = state.loadingToPlace else { return false }
    state.loadingToPlace = nil
    state.notice = "stopped loading to \(target.wasFocused ? "the focused item" : "your place")"
    return true
  }
}
