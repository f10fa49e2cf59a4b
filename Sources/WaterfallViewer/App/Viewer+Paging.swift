import ShopCatalog
import WaterfallKit

extension Viewer {
  /// Turns the page requests the engine handed out during this update into effects. A refresh makes any
  /// load-more on its way stale, so that load is cancelled. A refresh asks for the query waiting to be answered,
  /// if any: a new query starts from its first page.
  /// The pages fill the viewport and one screen beyond without a key, as a reader fills its screen: a first page
  /// of five boxes on a tall terminal does not wait for a scroll. Not while stepping (each key is one pass), nor
  /// after a failure (a retry is the user's).
  func loadUntilFilled() {
    guard waterfall.paging.loadMore == .idle, !waterfall.paging.isRefreshing, store.hasFirstPage,
      !inspector.isStepping,
      waterfall.contentHeight < waterfall.contentOffset + 2 * waterfall.viewportSize.height
    else { return }
    waterfall.loadMore()
  }

  func requestPages() {
    let requests = waterfall.takePageRequests()
    guard !requests.isEmpty else { return }
    let commands = paging.answer(requests, in: surroundings) {
      guard case .request(let query, let attempt) = organiser.update(.refreshStarts) else { return nil }
      // With a search on, a new order shows from its top: no place to find. `r` on a source others add to keeps the
      // place, search or not: the order is the same, the rows added come after.
      let keepsPlace = pendingQuery != nil ? searching.search == nil : options.refreshKeepsPlace
      return (CataloguePageRequest(query: query, attempt: attempt), keepsPlace)
    }
    run(consume commands)
  }

  /// A page came back. The engine's paging state machine alone decides whether it is still wanted: anything
  /// but the request in flight (a result overtaken by a refresh, a duplicate) is dropped. What a page it accepts
  /// changes is the paging part's answer (a load-more's) or the organiser's (a first page's).
  func receive(_ delivery: PageDelivery) {
    let request = delivery.load.request
    let outcome = Paging.outcome(of: delivery.response)
    let commands: [Command]
    switch request.kind {
    case .loadMore:
      paging.arrived(request.number)
      guard waterfall.finishLoadMore(request: request.number, outcome: outcome) else { return }
      commands = Paging.loadMoreAccepted(delivery.response, in: surroundings)
    case .refresh:
      guard waterfall.finishRefresh(request: request.number, outcome: outcome) else { return }
      commands = organiser.refreshAccepted(
        delivery, keepsItems: options.refreshKeepsItems, keepsPlace: options.refreshKeepsPlace,
        searching: searching.search != nil, in: surroundings)
    }
    run(consume commands)
    if request.kind == .loadMore { followEnd(after: delivery.response) }
  }

  /// A page came while `G` follows a feed's end: the view stays at the bottom and the notice counts what is
  /// loaded now, until the feed ends or a page fails.
  private func followEnd(after response: CatalogueResponse) {
    guard let following = state.endFollowing else { return }
    let failed = if case .failure = response { true } else { false }
    let exhausted = if case .exhausted = waterfall.paging.loadMore { true } else { false }
    switch following.step(pageFailed: failed, exhausted: exhausted, loaded: store.countText) {
    case .follow(let notice):
      waterfall.userScroll(toOffset: waterfall.maximumOffset)
      state.notice = notice
    case .ended(let notice):
      state.endFollowing = nil
      waterfall.userScroll(toOffset: waterfall.maximumOffset)
      state.notice = notice
    case .stopped:
      state.endFollowing = nil
    }
  }

  /// The store starts over from a first page's answer. Pictures are kept by store index, which a new answer
  /// changes: none of the earlier ones is wanted, nor a detail panel's.
  func replaceStore(with answer: CatalogueResponse) {
    store.replace(with: answer)
    pictures.startOver()
    if options.pictures != nil { emit(.cancelPictures(generationsBefore: pictures.generation)) }
    if case .detail = state.panel.overlay { state.panel.overlay = nil }
  }
}
