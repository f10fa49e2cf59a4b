/// The one place where the parts' answers (``Command``s) are carried out on the engine, the store and the view
/// state, and where messages reach the parts that answer with them.
extension Viewer {
  /// What a part reads of the root now.
  var surroundings: Surroundings {
    Surroundings(
      waterfall: waterfall, store: store, query: presentation.query, pendingQuery: pendingQuery?.query,
      keyboard: state.keyboardFocus, keyboardOnScreen: focus.keyboardOnScreen, reading: reading)
  }

  // The surroundings (which hold the store) end with the update's statement, before the commands write the store.
  func send(jumps message: Jumps.Message) {
    let commands = jumps.update(message, in: surroundings)
    run(consume commands)
  }

  func send(search message: Searching.Message) {
    let commands = searching.update(message, in: surroundings)
    run(consume commands)
  }

  /// Carries the commands out in order. Each is taken out of the list, so a measured result (the whole result's
  /// shapes) reaches the store with no second owner forcing a copy.
  func run(_ commands: consuming [Command]) {
    commands.reverse()
    while let command = commands.popLast() {
      switch consume command {
      case .effect(let effect): emit(effect)
      case .notice(let text): state.notice = text
      case .focus(let index): focusBox(index)
      case .keyboardFocus(let index): state.keyboardFocus = index
      case .focusShowingTop(let index): focusShowingTop(index)
      case .reveal(let index): reveal(index)
      case .openDetail(let index): state.panel.overlay = .detail(index)
      case .select(let index): waterfall.selectItem(at: index)
      case .scrollPanel(let rows): scrollOverlay(by: rows)
      case .closePanel: state.panel.overlay = nil
      case .retryLoadMore: waterfall.retryLoadMore()
      case .scroll(let offset): waterfall.scroll(toOffset: offset)
      case .userScroll(let offset): waterfall.userScroll(toOffset: offset)
      case .scrollRows(let rows): scroll(by: rows)
      case .scrollToEnd: scroll(by: max(1, waterfall.maximumOffset - waterfall.contentOffset))
      case .loadMore: waterfall.loadMore()
      case .noMore(let request): waterfall.finishLoadMore(request: request, outcome: .loaded(hasMore: false))
      case .quit: perform(.quit)
      case .adopt(let measured):
        // Consumed: a second owner of the whole result's shapes made the store copy them (115 MiB at 10^7).
        store.adopt(consume measured)
        waterfall.reloadData()
        // Nothing comes after the end: the footer says so (requestPages answers the load-more at once).
        run([.footerSaysTheEnd])
      case .putFarPage(let page, let number): store.put(page, page: number)
      case .takePage(let response): store.take(response)
      case .appendItems: waterfall.appendItems()
      case .footerSaysTheEnd: if case .idle = waterfall.paging.loadMore { waterfall.loadMore() }
      case .beginRefresh: waterfall.beginRefresh()
      case .restartRefresh:
        if let abandoned = waterfall.restartRefresh() { emit(.cancelPageLoad(request: abandoned)) }
      case .replaceItems(let answer): replaceStore(with: answer)
      case .reloadAll:
        waterfall.reloadData(keepingCells: false)
        metrics.forgetView()
      case .replaceKeepingPlace(let answer, let location, let kept):
        replaceKeepingPlace(with: answer, location: location, kept: kept)
      case .queryShownNotice(let change): state.notice = notice(for: change)
      case .refreshedNotice(let known):
        state.notice = Paging.refreshNotice(known: known, ids: store.ids) ?? state.notice
      case .apply(let message): apply(message)
      case .inspectorToggled:
        listenToLayoutPasses()
        waterfall.setViewportSize(waterfallViewport, anchor: focus.keyboardOnScreen)
      case .organise(let message): run(organiser.update(message).commands)
      case .jumps(let message): send(jumps: message)
      case .search(let message): send(search: message)
      case .previewFilter(let text): previewFilter(text)
      case .filterCancelled: restoreFilter()
      case .filterRefused(let problem): restoreFilter(refusing: problem)
      case .followEnd(let reason):
        state.endFollowing = EndFollowing(reason: reason)
        run([.userScroll(toOffset: waterfall.maximumOffset)])
      }
    }
  }
}
