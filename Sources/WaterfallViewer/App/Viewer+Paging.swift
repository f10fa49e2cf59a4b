import ShopCatalog
import WaterfallKit

extension Viewer {
  /// Turns the page requests the engine handed out during this update into effects. A refresh makes any
  /// load-more on its way stale, so that load is cancelled. A refresh asks for the query waiting to be answered,
  /// if any: a new query starts from its first page.
  func requestPages() {
    for request in waterfall.takePageRequests() {
      let pageRequest: CataloguePageRequest
      switch request.kind {
      case .loadMore:
        if store.measuredPages != nil || store.isAtEnd {
          // Measured: every rank is laid out and pages load where the view is; nothing comes after the end. At
          // the end, the next request would be the first page again, appended to the items that hold it.
          waterfall.finishLoadMore(request: request.number, outcome: .loaded(hasMore: false))
          continue
        }
        pageRequest = store.nextRequest(for: presentation.query)
        loadsInFlight.insert(request.number)
      case .refresh:
        guard case .request(let query, let attempt) = organiser.update(.refreshStarts) else { continue }
        pageRequest = CataloguePageRequest(query: query, attempt: attempt)
        // Whatever the refresh brings replaces the items the measuring was for.
        cancelMeasuring()
        for stale in loadsInFlight.sorted() { emit(.cancelPageLoad(request: stale)) }
        loadsInFlight.removeAll()
      }
      // A new query's answer may not hold the item the user is looking at: the source says where it is.
      // With a search on, the new order shows from its top: no place to find.
      let keepsPlace = request.kind == .refresh && pendingQuery != nil && state.search == nil
      let place = PlaceKeeping.placeItem(
        focusOnScreen: focus.keyboardOnScreen, count: store.count, waterfall: waterfall)
      let locating = keepsPlace ? place.map { store.ids[$0.index] } : nil
      emit(.loadPage(PageLoad(request: request, pageRequest: pageRequest, locating: locating)))
    }
  }

  /// A page came back. The engine's paging state machine alone decides whether it is still wanted: anything
  /// but the request in flight (a result overtaken by a refresh, a duplicate) is dropped.
  func receive(_ delivery: PageDelivery) {
    let request = delivery.load.request
    let outcome: PageOutcome
    switch delivery.response {
    case .failure(let reason): outcome = .failed(reason: reason)
    case .page(let page): outcome = .loaded(hasMore: page.hasMore)
    }
    switch request.kind {
    case .loadMore:
      loadsInFlight.remove(request.number)
      guard waterfall.finishLoadMore(request: request.number, outcome: outcome) else { return }
      store.take(delivery.response)
      if case .loaded = outcome { showAppended() }
      noteSkippedPages(delivery.response)
      // A load-more asked before the result was measured (G while the footer was in view): every item is laid out
      // now, so the footer says the end, not "scroll down to load more" (requestPages answers at once).
      if store.measuredPages != nil, case .idle = waterfall.paging.loadMore { waterfall.loadMore() }
      continueLoadingToRank()
    case .refresh:
      guard waterfall.finishRefresh(request: request.number, outcome: outcome) else { return }
      if let pending = pendingQuery, pending.query != delivery.load.pageRequest.query {
        // A newer query was asked for while this one was on its way.
        waterfall.beginRefresh()
        return
      }
      if case .failed(let reason) = outcome {
        if case .notice(let notice) = organiser.update(.refreshFailed(reason: reason)) { state.notice = notice }
        return
      }
      _ = organiser.update(.refreshSucceeded)
      noteSkippedPages(delivery.response)
      if let pending = pendingQuery {
        show(pending, answer: delivery.response, location: delivery.location)
      } else if options.refreshKeepsItems {
        let known = Set(store.ids)
        replaceKeepingPlace(with: delivery.response)
        let added = store.ids.filter { !known.contains($0) }.count
        if !known.isEmpty {
          state.notice = added == 0 ? "refreshed: nothing new" : "refreshed: \(added) new at the top"
        }
      } else {
        state.rankLoader.drop()
        store.replace(with: delivery.response)
        searchIndex = SearchIndex(store.items.run)
        startPicturesOver()
        state.keyboardFocus = nil
        waterfall.selectItem(at: nil)
        if case .detail = state.panel.overlay { state.panel.overlay = nil }
        waterfall.reloadData(keepingCells: false)
        waterfall.scroll(toOffset: 0)
      }
    }
  }

  /// Pages the source passed over (a directory's unreadable files) are said, each with why: the feed went on.
  private func noteSkippedPages(_ response: CatalogueResponse) {
    guard case .page(let page) = response, !page.skippedPages.isEmpty else { return }
    state.notice = "skipped " + page.skippedPages.joined(separator: "; ")
  }

  /// Pictures are kept by store index, which a new answer changes: none of the earlier ones is wanted.
  func startPicturesOver() {
    pictures.startOver()
    if options.pictures != nil { emit(.cancelPictures(generationsBefore: pictures.generation)) }
  }

  /// Items that arrived at the end of the store: appended to the layout in O(k), into the last section and any
  /// new ones.
  private func showAppended() {
    // The search index follows the items loaded from the start (a measured result's count does not grow).
    searchIndex.append(contentsOf: Array(store.items.run[searchIndex.count...]))
    waterfall.appendItems()
    state.search?.basis = nil
  }
}
