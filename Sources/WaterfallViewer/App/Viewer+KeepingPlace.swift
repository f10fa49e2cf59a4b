import ShopCatalog
import WaterfallKit

/// Reaching an item beyond the loaded pages: the one the user was looking at when a sort, a filter or sections
/// changed, or the one `:N` names. The source says where it is, and pages are loaded through to it.
extension Viewer {
  /// The item whose place a new query keeps (layout index): the focused box when it is on screen, else the
  /// topmost box on screen; none at the very top, where the top is the place.
  func placeItem() -> (index: Int, purpose: PlaceTarget.Purpose)? {
    if let focus = focus.keyboardOnScreen, focus < store.count { return (focus, .focusedBox) }
    guard waterfall.contentOffset > 0, let top = waterfall.placeAnchor(), top < store.count else { return nil }
    return (top, .topOfView)
  }

  /// After a new query's first page replaced the items: when the item of `place` is not in it but the source
  /// found it further on (`location`), starts loading through to it.
  func startLoadingToPlace(
    _ place: (item: ItemID, distanceFromTop: Int, purpose: PlaceTarget.Purpose), location: (item: ItemID, rank: Int?)?
  ) {
    guard let location, location.item == place.item, let rank = location.rank, rank >= store.count else { return }
    state.rankLoader.start(
      .place(PlaceTarget(item: place.item, rank: rank, purpose: place.purpose, distanceFromTop: place.distanceFromTop)))
    continueLoadingToRank()
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
    state.rankLoader.start(
      .place(PlaceTarget(item: location.item, rank: rank, purpose: .goToItem, distanceFromTop: nil)))
    continueLoadingToRank()
  }

  /// A page arrived, the measuring ended, or loading through began: one step of the one rank loader.
  func continueLoadingToRank() {
    let step = state.rankLoader.step(loadedCount: store.count, loadMore: waterfall.paging.loadMore) {
      measureForJump()
    }
    switch step {
    case .wait: break
    case .loadMore: waterfall.loadMore()
    case .stopped(let notice): if let notice { state.notice = notice }
    case .arrived(.match(let target)): arrive(atMatch: target)
    case .arrived(.place(let target)): arrive(at: target)
    case .arrived(.end): showEnd()
    }
  }

  /// The match is loaded: it becomes the search's current one, focused.
  private func arrive(atMatch target: SearchState.LoadTarget) {
    refreshSearchMatches()
    let current = state.search?.matches.firstIndex(of: target.rank)
    state.search?.current = current
    focusBox(target.rank)
  }

  /// The item is loaded: put it where it belongs.
  private func arrive(at target: PlaceTarget) {
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
    state.keyboardFocus = index
    if target.purpose == .focusedBox { waterfall.selectItem(at: index) }
    reveal(index)
  }

  /// Esc while loading through to a match or an item: stop where the view is.
  func stopLoadingToRank() -> Bool {
    guard let notice = state.rankLoader.stop() else { return false }
    cancelMeasuring()
    state.notice = notice
    return true
  }
}
