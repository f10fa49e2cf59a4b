import ShopCatalog
import WaterfallKit

/// `G` (End): the end of the masonry. The end of a result only some pages of which are loaded needs every
/// item's height, so the source measures the whole result stretch by stretch off the main loop (progress in the
/// status bar, every key live, Esc stops); then every item is laid out, the view goes to the real end, and the
/// pages load where the view is. A source that cannot know its end (an HTTP feed) says so, and `G` goes to the
/// end of the items loaded; sections, which are not measured, load every page through to the end. The measuring
/// itself is the ``Measurer`` part's; here the viewer acts on it.
extension Viewer {
  func goToEnd() {
    // Measured, the first G shows the last item; the next goes to the very bottom (the footer).
    defer { scrollToEnd() }
    let exhausted = if case .exhausted = waterfall.paging.loadMore { true } else { false }
    switch measurer.goToEnd(measuringSituation, itemCount: store.count, exhausted: exhausted) {
    case .redirected: state.rankLoader.drop()
    case .measure(let effect): emit(effect)
    case .loadEverySection:
      state.rankLoader.start(.end)
      state.notice = "loading to the end…"
      continueLoadingToRank()
    case .stays: break
    }
  }

  /// A rank beyond the loaded items is wanted (``Measurer/measureForJump(_:)``): `false` when it loads page by page.
  func measureForJump() -> Bool {
    let (measures, effect) = measurer.measureForJump(measuringSituation)
    if let effect { emit(effect) }
    return measures
  }

  private var measuringSituation: Measurer.Situation {
    Measurer.Situation(
      measurable: options.measuresToEnd && store.measuredPages == nil && pendingQuery == nil, query: presentation.query,
      sections: presentation.grouping != nil, stretchRows: options.measureStretchRows)
  }

  /// Home (`g`): the top. A `G` still measuring lays the result out when it is done but no longer takes the view
  /// to the end: the user has gone the other way meanwhile.
  func goToTop() {
    if measurer.measuring?.destination == .end { measurer.redirect(to: .jump) }
    waterfall.userScroll(toOffset: 0)
  }

  /// At least one row of intent, so End at the bottom still asks for the next page.
  private func scrollToEnd() {
    scroll(by: max(1, waterfall.maximumOffset - waterfall.contentOffset))
  }

  /// A stretch came back: asks for the next, or lays out the whole result when it was the last.
  func receive(_ delivery: MeasureDelivery) {
    let arrival = measurer.receive(delivery, stretchRows: options.measureStretchRows, loadedText: store.countText)
    // Consumed, so the measured shapes (the whole result) reach the store with no second owner forcing a copy.
    switch consume arrival {
    case .ignored: break
    case .next(let effect): emit(effect)
    case .cannotMeasure(let notice):
      if let notice { state.notice = notice }
      // A jump waiting for the measure loads page by page instead.
      continueLoadingToRank()
    case .measured(let measured): adopt(measured)
    }
  }

  /// Every item laid out from its measured shape; the view goes to the end, or to the rank a jump wants.
  private func adopt(_ measured: consuming Measuring) {
    guard measured.query == presentation.query, pendingQuery == nil else { return }
    var shapes: [DisplayItem] = []
    swap(&shapes, &measured.displayItems)
    store.adopt(
      MeasuredResult(
        shapes: consume shapes, pageSize: measured.pageSize, starts: measured.pageStarts,
        startRanks: measured.pageStartRanks))
    waterfall.reloadData()
    // Nothing comes after the end: the footer says so (requestPages answers the load-more at once).
    if case .idle = waterfall.paging.loadMore { waterfall.loadMore() }
    guard measured.destination == .end else { return continueLoadingToRank() }
    showEnd()
  }

  /// The whole result is laid out: the view at its bottom, the last item focused.
  func showEnd() {
    waterfall.userScroll(toOffset: waterfall.maximumOffset)
    // The bottom of a masonry is its tallest column's: the last item, in the shortest, may end above it.
    let last = store.count - 1
    guard last >= 0 else { return }
    focusBox(last)
    state.notice = "the end: \(store.countText)"
  }

  /// Esc while measuring: stop, and stay where the view is.
  func stopMeasuring() -> Bool {
    guard let (effect, notice) = measurer.stop() else { return false }
    emit(effect)
    state.notice = notice
    return true
  }

  /// The items change (a refresh, a new query): the measuring's answer would be for other items.
  func cancelMeasuring() {
    if let (effect, _) = measurer.cancel() { emit(effect) }
  }

  /// Asks for the pages of a measured result that boxes in the buffered viewport show, each once.
  func requestFarPages() {
    let visible = Array(waterfall.visibleCells.keys)
    for load in measurer.farPageLoads(visible: visible, store: store, query: presentation.query) { emit(load) }
  }

  /// A page of a measured result: its items take their ranks, unless the items changed since.
  func receive(_ delivery: FarPageDelivery) {
    guard measurer.wants(delivery, store: store, query: presentation.query) else { return }
    switch delivery.response {
    case .failure(let reason):
      measurer.farPageFailed(delivery.load.page)
      state.notice = "page \(delivery.load.page + 1) failed, R retries: \(reason)"
    case .page(let page):
      store.put(page, page: delivery.load.page)
      searchIndex.append(contentsOf: Array(store.items.run[searchIndex.count...]))
    }
  }
}
