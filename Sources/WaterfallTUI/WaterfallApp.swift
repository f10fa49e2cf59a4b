import ShopCatalog
import WaterfallKit

/// The viewer's model and update: input events go in, engine calls come out, and ``render(into:)`` draws the
/// current state into an in-memory screen. No terminal here, so all of it runs in tests and snapshots.
public final class WaterfallApp {
  public let view: WaterfallView
  public let options: AppOptions
  public private(set) var items: [ShopItem] = []
  public private(set) var displayItems: [DisplayItem] = []
  public private(set) var screenSize: GridSize
  public internal(set) var overlay = Overlay.none {
    didSet { if overlay != oldValue { overlayScroll = 0 } }
  }
  /// The first body line the open overlay shows; each overlay opens at its top.
  public internal(set) var overlayScroll = 0
  public internal(set) var focusedIndex: Int?
  public internal(set) var showReuse: Bool
  public internal(set) var isQuitting = false
  /// A short note for the status bar (a failed refresh, say), until the next key.
  public internal(set) var notice: String?
  /// Ctrl-L asked for the whole terminal to be drawn again, until the runner takes the request.
  var redrawRequested = false
  /// How long the last frame took to render, when the runner measured it.
  public var lastFrameMicroseconds: Double?
  /// The app's clock in milliseconds: drives the spinner and the pull release.
  public private(set) var now = 0

  let feed: PageFeed
  let loader: any PageLoader
  let mailbox = Mailbox<PageDelivery>()
  var cursor = FeedCursor()
  var refreshCursor: FeedCursor?
  var lastPullTime: Int?
  var columnOverride: Int?

  public init(feed: PageFeed, loader: any PageLoader, screenSize: GridSize, options: AppOptions = AppOptions()) {
    self.feed = feed
    self.loader = loader
    self.options = options
    self.screenSize = screenSize
    self.showReuse = options.showReuse
    self.columnOverride = options.fixedColumns
    view = WaterfallView(
      viewportSize: Self.viewportSize(for: screenSize), columnPolicy: .fixed(1),
      margins: WaterfallMargins(top: 0, bottom: 0, left: 1, right: 1, columnGap: 1, rowGap: 0),
      refreshThreshold: Self.pullRowsToRefresh)
    view.register(identifier: ItemCell.identifier) { ItemCell(reuseIdentifier: ItemCell.identifier, objectID: $0) }
    view.dataSource = self
    view.delegate = self
    view.headerHeight = 1
    view.footerHeight = 1
    view.placeholderHeight = 3
    view.columnPolicy = columnPolicy
    view.reloadData()
    view.beginRefresh()
    startRequestedPages()
  }

  /// A refresh throws away every loaded page, so it takes a deliberate pull: more than one wheel notch, or ↑ held
  /// (three presses at the top are not enough).
  static let pullRowsToRefresh = 2 * wheelRows

  /// The waterfall gets every row but the status bar's.
  static func viewportSize(for screen: GridSize) -> GridSize {
    GridSize(width: max(1, screen.width), height: max(1, screen.height - 1))
  }

  var columnPolicy: ColumnPolicy {
    // A chosen count still gives way to what fits the current width, so a resize never leaves empty slivers.
    if let columnOverride { return .adaptive(minimumWidth: Self.narrowestColumn, maximumCount: columnOverride) }
    return .adaptive(minimumWidth: options.minimumColumnWidth, maximumCount: options.maximumColumns)
  }

  public var isTooSmall: Bool {
    screenSize.width < MinimumSize.width || screenSize.height < MinimumSize.height
  }

  /// Whether the terminal should be repainted whole (Ctrl-L); asking clears the request.
  public func takeRedrawRequest() -> Bool {
    defer { redrawRequested = false }
    return redrawRequested
  }

  // MARK: - Time and background results

  /// Advances the clock, takes in the pages that arrived, and lets go of a pull that has rested.
  public func tick(now time: Int) {
    defer { startRequestedPages() }
    now = max(now, time)
    for delivery in mailbox.drain() { receive(delivery) }
    if let lastPullTime, now - lastPullTime >= options.pullReleaseMilliseconds {
      releasePull()
    }
  }

  func releasePull() {
    lastPullTime = nil
    view.releasePull()
  }

  private func receive(_ delivery: PageDelivery) {
    switch delivery.purpose {
    case .loadMore:
      // Only the request in flight counts; anything else is stale (a refresh started since) and dropped.
      guard view.paging.loadMore == .loading(request: delivery.request) else { return }
      switch delivery.response {
      case .failure(let reason):
        _ = cursor.accept(delivery.feedRequest, response: delivery.response)
        view.finishLoadMore(request: delivery.request, outcome: .failed(reason: reason))
      case .page(_, let hasMore):
        guard let page = cursor.accept(delivery.feedRequest, response: delivery.response) else {
          view.finishLoadMore(request: delivery.request, outcome: .failed(reason: "page out of order"))
          return
        }
        append(page)
        view.finishLoadMore(request: delivery.request, outcome: .loaded(hasMore: hasMore))
        view.appendItems()
      }
    case .refresh:
      guard view.paging.refresh == .refreshing(request: delivery.request), var fresh = refreshCursor else { return }
      refreshCursor = nil
      switch delivery.response {
      case .failure(let reason):
        view.finishRefresh(request: delivery.request, outcome: .failed(reason: reason))
        notice = "refresh failed: \(reason)"
      case .page(_, let hasMore):
        let page = fresh.accept(delivery.feedRequest, response: delivery.response) ?? []
        cursor = fresh
        items = []
        displayItems = []
        append(page)
        focusedIndex = nil
        view.selectItem(at: nil)
        if case .detail = overlay { overlay = .none }
        view.finishRefresh(request: delivery.request, outcome: .loaded(hasMore: hasMore))
        view.reloadData(keepingCells: false)
        view.scroll(toOffset: 0)
      }
    }
  }

  private func append(_ page: [ShopItem]) {
    items += page
    displayItems += page.map(DisplayItem.init)
  }

  // MARK: - Size and columns

  func resize(to size: GridSize) {
    screenSize = size
    view.setViewportSize(Self.viewportSize(for: size), anchor: visibleFocus)
  }

  /// `+` stops at columns this narrow: a border each side and five cells of picture.
  static let narrowestColumn = 7

  func changeColumns(by delta: Int) {
    let mostThatFit = ColumnPolicy.adaptive(minimumWidth: Self.narrowestColumn, maximumCount: .max)
      .columnCount(forWidth: view.viewportSize.width, margins: view.margins)
    columnOverride = min(mostThatFit, max(1, view.columnCount + delta))
    view.setColumnPolicy(columnPolicy, anchor: visibleFocus)
  }

  func resetColumns() {
    columnOverride = nil
    view.setColumnPolicy(columnPolicy, anchor: visibleFocus)
  }

  /// The focused item when any row of it is on screen.
  var visibleFocus: Int? {
    guard let focusedIndex, focusedIndex < view.itemCount,
      view.layout.frame(of: focusedIndex).intersects(view.viewportRect)
    else { return nil }
    return focusedIndex
  }
}

extension WaterfallApp: WaterfallDataSource, WaterfallDelegate {
  public func numberOfItems(in waterfallView: WaterfallView) -> Int { displayItems.count }

  public func waterfallView(_ waterfallView: WaterfallView, heightForItemAt index: Int, columnWidth: Int) -> Int {
    options.metrics.height(of: displayItems[index], columnWidth: columnWidth)
  }

  public func waterfallView(_ waterfallView: WaterfallView, cellForItemAt index: Int) -> WaterfallCell {
    waterfallView.dequeueReusableCell(withIdentifier: ItemCell.identifier, for: index)
  }

}

extension WaterfallApp {
  /// Fetches the pages the engine asked for since the last call.
  func startRequestedPages() {
    for request in view.takePageRequests() {
      switch request.kind {
      case .loadMore:
        loader.load(
          cursor.nextRequest, request: request.number, purpose: .loadMore, from: feed,
          latencyMilliseconds: options.latencyMilliseconds, into: mailbox)
      case .refresh:
        let fresh = FeedCursor()
        refreshCursor = fresh
        loader.load(
          fresh.nextRequest, request: request.number, purpose: .refresh, from: feed,
          latencyMilliseconds: options.latencyMilliseconds, into: mailbox)
      }
    }
  }
}
