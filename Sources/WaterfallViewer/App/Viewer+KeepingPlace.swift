import ShopCatalog
import WaterfallKit

/// Reaching an item beyond the loaded pages: the one the user was looking at when a sort, a filter or sections
/// changed, or the one `:N` names. The source says where it is, and pages are loaded through to it.
extension Viewer {
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

  /// The item is loaded: put it where it belongs (``PlaceKeeping/arrival(at:ids:layout:)``).
  private func arrive(at target: PlaceTarget) {
    guard let arrival = PlaceKeeping.arrival(at: target, ids: store.ids, layout: waterfall.layout) else { return }
    if let offset = arrival.offset { waterfall.scroll(toOffset: offset) }
    guard arrival.focuses else { return }
    if arrival.selects { waterfall.selectItem(at: arrival.index) }
    focusBox(arrival.index)
  }

  /// Esc while loading through to a match or an item: stop where the view is.
  func stopLoadingToRank() -> Bool {
    guard let notice = state.rankLoader.stop() else { return false }
    cancelMeasuring()
    state.notice = notice
    return true
  }
}
