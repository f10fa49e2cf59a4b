import ShopCatalog
import WaterfallKit

/// `G` (End): the end of the masonry. The end of a result only some pages of which are loaded needs every
/// item's height, so the source measures the whole result stretch by stretch off the main loop (progress in the
/// status bar, every key live, Esc stops); then every item is laid out, the view goes to the real end, and the
/// pages load where the view is. A source that cannot know its end (an HTTP feed) says so, and `G` goes to the
/// end of the items loaded.
extension Viewer {
  func goToEnd() {
    // Measured, the first G shows the last item; the next goes to the very bottom (the footer).
    defer { scrollToEnd() }
    if measuring != nil, measuring?.destination != .end {
      // Measuring for a jump: G wins, the end is where it goes.
      state.search?.loadingTo = nil
      state.loadingToPlace = nil
      measuring?.destination = .end
      return
    }
    guard options.measuresToEnd, measuring == nil, store.measuredPages == nil, pendingQuery == nil, store.count > 0
    else { return }
    if case .exhausted = waterfall.paging.loadMore { return }
    startMeasuring(to: .end)
  }

  /// A rank beyond the loaded items is wanted (a match, an item, the user's place): the whole result is measured
  /// and laid out, so the jump is one layout pass, not a page round-trip per page before it. Returns `false` when
  /// the source cannot measure this result (a feed, sections), which then loads page by page.
  func measureForJump() -> Bool {
    if measuring != nil { return true }
    guard options.measuresToEnd, store.measuredPages == nil, pendingQuery == nil, presentation.grouping == nil,
      unmeasurableQuery != presentation.query
    else { return false }
    startMeasuring(to: .jump)
    return true
  }

  private func startMeasuring(to destination: Measuring.Destination) {
    measuringsStarted += 1
    let query = presentation.query
    measuring = Measuring(number: measuringsStarted, query: query, destination: destination)
    emit(
      .measure(
        MeasureLoad(
          number: measuringsStarted, request: MeasureRequest(query: query, limit: options.measureStretchRows))))
  }

  /// Home (`g`): the top. A `G` still measuring lays the result out when it is done but no longer takes the view
  /// to the end: the user has gone the other way meanwhile.
  func goToTop() {
    if measuring?.destination == .end { measuring?.destination = .jump }
    waterfall.userScroll(toOffset: 0)
  }

  /// At least one row of intent, so End at the bottom still asks for the next page.
  private func scrollToEnd() {
    scroll(by: max(1, waterfall.maximumOffset - waterfall.contentOffset))
  }

  /// A stretch came back: asks for the next, or lays out the whole result when it was the last.
  func receive(_ delivery: MeasureDelivery) {
    guard var measured = measuring, measured.number == delivery.load.number else { return }
    // Taken out while it grows: appended to while `measuring` still held them, the items so far (up to 10^6)
    // were copied at every stretch.
    measuring = nil
    switch delivery.response {
    case .unavailable:
      cannotMeasure(measured)
    case .endUnknown(let reason):
      if measured.destination == .end { state.notice = "\(reason): G shows the end of the \(store.countText) loaded" }
      cannotMeasure(measured)
    case .failure(let reason):
      state.notice = "could not measure to the end: \(reason)"
      cannotMeasure(measured)
    case .stretch(let stretch):
      measured.displayItems += delivery.displayItems
      measured.pageStarts += stretch.pageStarts
      if let ranks = stretch.pageStartRanks { measured.pageStartRanks = (measured.pageStartRanks ?? []) + ranks }
      measured.pageSize = stretch.pageSize
      measured.total = stretch.resultCount
      guard let next = stretch.next else { return adopt(measured) }
      measuring = measured
      emit(
        .measure(
          MeasureLoad(
            number: measured.number,
            request: MeasureRequest(query: measured.query, from: next, limit: options.measureStretchRows))))
    }
  }

  /// The source does not measure this result: a jump waiting for the measure loads page by page instead.
  private func cannotMeasure(_ measured: Measuring) {
    unmeasurableQuery = measured.query
    continueLoadingToMatch()
    continueLoadingToPlace()
  }

  /// Every item laid out from its measured shape; the view goes to the end, or to the rank a jump wants.
  private func adopt(_ measured: Measuring) {
    guard measured.query == presentation.query, pendingQuery == nil else { return }
    store.adopt(
      MeasuredResult(
        shapes: measured.displayItems, pageSize: measured.pageSize, starts: measured.pageStarts,
        startRanks: measured.pageStartRanks))
    farPagesAsked = []
    farPagesFailed = []
    waterfall.reloadData()
    // Nothing comes after the end: the footer says so (requestPages answers the load-more at once).
    if case .idle = waterfall.paging.loadMore { waterfall.loadMore() }
    guard measured.destination == .end else {
      continueLoadingToMatch()
      continueLoadingToPlace()
      return
    }
    waterfall.userScroll(toOffset: waterfall.maximumOffset)
    // The bottom of a masonry is its tallest column's: the last item, in the shortest, may end above it.
    let last = store.count - 1
    state.focusedIndex = last
    reveal(last)
    state.notice = "the end: \(store.countText)"
  }

  /// Esc while measuring: stop, and stay where the view is.
  func stopMeasuring() -> Bool {
    guard let measured = measuring else { return false }
    cancelMeasuring()
    state.notice = "stopped measuring at \(measured.displayItems.count) of \(measured.total.map(String.init) ?? "?")"
    return true
  }

  /// The items change (a refresh, a new query): the measuring's answer would be for other items.
  func cancelMeasuring() {
    guard let measured = measuring else { return }
    measuring = nil
    emit(.cancelMeasure(number: measured.number))
  }

  /// Asks for the pages of a measured result that boxes in the buffered viewport show, each once.
  func requestFarPages() {
    guard let pages = store.measuredPages else { return }
    for index in waterfall.visibleCells.keys.sorted() where index < store.count && !store.items.isLoaded(index) {
      let page = pages.page(ofRank: index)
      guard page < pages.starts.count, farPagesAsked.insert(page).inserted else { continue }
      emit(
        .loadFarPage(
          FarPageLoad(
            page: page,
            pageRequest: CataloguePageRequest(query: presentation.query, cursor: pages.starts[page], pageNumber: page))
        ))
    }
  }

  /// A page of a measured result: its items take their ranks, unless the items changed since.
  func receive(_ delivery: FarPageDelivery) {
    guard store.measuredPages != nil, delivery.load.pageRequest.query == presentation.query,
      farPagesAsked.contains(delivery.load.page)
    else { return }
    switch delivery.response {
    case .failure(let reason):
      farPagesFailed.insert(delivery.load.page)
      state.notice = "page \(delivery.load.page + 1) failed, R retries: \(reason)"
    case .page(let page):
      store.put(page, page: delivery.load.page)
      searchIndex.append(contentsOf: Array(store.items.run[searchIndex.count...]))
    }
  }

  /// A page of a measured result was asked for and has neither come nor failed.
  var farPagesInFlight: Bool {
    guard let pages = store.measuredPages else { return false }
    return farPagesAsked.subtracting(farPagesFailed).contains { page in
      page < pages.starts.count && !store.items.isLoaded(pages.firstRank(ofPage: page))
    }
  }

  /// R: pages of a measured result that failed are asked for again.
  func retryFarPages() {
    farPagesAsked.subtract(farPagesFailed)
    farPagesFailed = []
  }
}

/// A result being measured: the stretches so far.
public struct Measuring: Sendable {
  /// Where the view goes once every item is laid out.
  public enum Destination: Sendable {
    /// `G`: the end of the result.
    case end
    /// A rank beyond the loaded items: the search's `loadingTo` or the `loadingToPlace`.
    case jump
  }

  public var number: Int
  public var query: CatalogueQuery
  public var destination = Destination.end
  public var displayItems: [DisplayItem] = []
  public var pageStarts: [PageCursor?] = []
  /// Where each page starts, when pages vary in size (a directory's files).
  public var pageStartRanks: [Int]?
  public var pageSize = 1
  /// Items in the whole result, once the first stretch said.
  public var total: Int?

  /// "measuring 131072/1000000": for the status bar.
  var progressText: String {
    let what = destination == .end ? "measuring to the end" : "measuring"
    return "\(what) \(displayItems.count)/\(total.map(String.init) ?? "?")"
  }
}

/// A whole result, measured.
struct MeasuredResult {
  var shapes: [DisplayItem]
  var pageSize: Int
  var starts: [PageCursor?]
  var startRanks: [Int]?
}
