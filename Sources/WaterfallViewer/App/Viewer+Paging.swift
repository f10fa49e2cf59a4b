import ShopCatalog
import WaterfallKit

extension Viewer {
  /// Turns the page requests the engine handed out during this update into effects. A refresh makes any
  /// load-more on its way stale, so that load is cancelled.
  func requestPages() {
    for request in waterfall.takePageRequests() {
      let feedRequest: FeedCursor.Request
      switch request.kind {
      case .loadMore:
        feedRequest = store.cursor.nextRequest
        loadsInFlight.insert(request.number)
      case .refresh:
        feedRequest = FeedCursor().nextRequest
        for stale in loadsInFlight.sorted() { emit(.cancelPageLoad(request: stale)) }
        loadsInFlight.removeAll()
      }
      emit(
        .loadPage(
          PageLoad(
            request: request, feedRequest: feedRequest, latencyMilliseconds: options.latencyMilliseconds)))
    }
  }

  /// A page came back. The engine's paging state machine alone decides whether it is still wanted: anything
  /// but the request in flight (a result overtaken by a refresh, a duplicate) is dropped.
  func receive(_ delivery: PageDelivery) {
    let request = delivery.load.request
    let outcome: PageOutcome
    switch delivery.response {
    case .failure(let reason): outcome = .failed(reason: reason)
    case .page(_, let hasMore): outcome = .loaded(hasMore: hasMore)
    }
    switch request.kind {
    case .loadMore:
      loadsInFlight.remove(request.number)
      guard waterfall.finishLoadMore(request: request.number, outcome: outcome) else { return }
      let before = store.count
      store.take(delivery.response)
      if case .loaded = outcome { showAppended(before..<store.count) }
    case .refresh:
      guard waterfall.finishRefresh(request: request.number, outcome: outcome) else { return }
      if case .failed(let reason) = outcome {
        state.notice = "refresh failed: \(reason)"
        return
      }
      store.replace(with: delivery.response)
      searchIndex = SearchIndex(store.items)
      presentation.rebuild(store.items, search: searchIndex)
      pictures.startOver()
      if options.pictures != nil { emit(.cancelPictures(generationsBefore: pictures.generation)) }
      state.focusedIndex = nil
      waterfall.selectItem(at: nil)
      if case .detail = state.overlay { state.overlay = nil }
      waterfall.reloadData(keepingCells: false)
      waterfall.scroll(toOffset: 0)
    }
  }

  /// Items that arrived at the end of the store: when the order allows (dataset order, filtered or not) the layout
  /// places only them, after the others; under a sort, the order is rebuilt and the place kept.
  private func showAppended(_ range: Range<Int>) {
    searchIndex.append(contentsOf: Array(store.items[range]))
    if presentation.append(range, search: searchIndex) {
      waterfall.appendItems()
    } else {
      reorder { $0.rebuild(store.items, search: searchIndex) }
    }
  }
}
