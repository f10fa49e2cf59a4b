import ShopCatalog
import WaterfallKit

extension Viewer {
  /// Turns the page requests the engine handed out during this update into effects. A refresh makes any
  /// load-more on its way stale, so that load is cancelled. A refresh asks for the query waiting to be answered,
  /// if any: a new query starts from its first page.
  func requestPages() {
    let requests = waterfall.takePageRequests()
    guard !requests.isEmpty else { return }
    let commands = paging.answer(requests, in: surroundings) {
      guard case .request(let query, let attempt) = organiser.update(.refreshStarts) else { return nil }
      // With a search on, the new order shows from its top: no place to find.
      let keepsPlace = pendingQuery != nil || options.refreshKeepsPlace
      return (CataloguePageRequest(query: query, attempt: attempt), keepsPlace && searching.search == nil)
    }
    run(consume commands)
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
      paging.arrived(request.number)
      guard waterfall.finishLoadMore(request: request.number, outcome: outcome) else { return }
      store.take(delivery.response)
      if case .loaded = outcome { showAppended() }
      if let notice = Paging.skippedNotice(delivery.response) { state.notice = notice }
      // A load-more asked before the result was measured (G while the footer was in view): every item is laid out
      // now, so the footer says the end, not "scroll down to load more" (requestPages answers at once).
      if store.measuredPages != nil, case .idle = waterfall.paging.loadMore { waterfall.loadMore() }
      send(jumps: .step)
    case .refresh:
      guard waterfall.finishRefresh(request: request.number, outcome: outcome) else { return }
      if let pending = pendingQuery, pending.query != delivery.load.pageRequest.query {
        // A newer query was asked for while this one was on its way.
        waterfall.beginRefresh()
        return
      }
      if case .failed(let reason) = outcome {
        // No page was ever shown: the first load failed (as the centre says), no refresh of anything.
        let firstLoad = !store.hasFirstPage && pendingQuery == nil
        if case .notice(let notice) = organiser.update(.refreshFailed(reason: reason)) {
          state.notice = firstLoad ? StatusLine.loadFailedText(reason) : notice
        }
        return
      }
      _ = organiser.update(.refreshSucceeded)
      if let notice = Paging.skippedNotice(delivery.response) { state.notice = notice }
      if let pending = pendingQuery {
        show(pending, answer: delivery.response, location: delivery.location)
      } else if options.refreshKeepsPlace && searching.search == nil {
        replaceKeepingPlace(with: delivery.response, location: delivery.location)
      } else if options.refreshKeepsItems {
        let known = Set(store.ids)
        replaceKeepingPlace(with: delivery.response)
        if let notice = Paging.refreshNotice(known: known, ids: store.ids) { state.notice = notice }
      } else {
        send(jumps: .drop)
        store.replace(with: delivery.response)
        send(search: .itemsReplaced)
        startPicturesOver()
        state.keyboardFocus = nil
        waterfall.selectItem(at: nil)
        if case .detail = state.panel.overlay { state.panel.overlay = nil }
        waterfall.reloadData(keepingCells: false)
        waterfall.scroll(toOffset: 0)
      }
    }
  }

  /// Pictures are kept by store index, which a new answer changes: none of the earlier ones is wanted.
  func startPicturesOver() {
    pictures.startOver()
    if options.pictures != nil { emit(.cancelPictures(generationsBefore: pictures.generation)) }
  }

  /// Items that arrived at the end of the store: appended to the layout in O(k), into the last section and any
  /// new ones.
  private func showAppended() {
    waterfall.appendItems()
    send(search: .itemsAdded(relaidOut: true))
  }
}
