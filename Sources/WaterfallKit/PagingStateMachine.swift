/// The refresh and load-more state machines together, since each constrains the other: no load-more while a
/// refresh runs, and a refresh makes any load-more result that is still on its way stale.
///
/// Pure and synchronous: events go in, request numbers come out, and the caller does the fetching. Every
/// request gets a fresh number; a result is accepted only for the request currently in flight.
public struct PagingStateMachine: Hashable, Sendable {
  public private(set) var loadMore: LoadMoreState = .idle
  public private(set) var refresh: RefreshState = .idle
  /// Rows the user must pull past the top before letting go starts a refresh.
  public var refreshThreshold: Int
  /// The failure in ``loadMore`` was a refresh's: retrying it refreshes, since a load-more would append the first
  /// page to items that may hold it already.
  public private(set) var retryRefreshes = false
  private var lastRequest = 0

  public init(refreshThreshold: Int = 3) {
    self.refreshThreshold = max(1, refreshThreshold)
  }

  public var isRefreshing: Bool {
    if case .refreshing = refresh { return true }
    return false
  }

  public var isLoadingMore: Bool {
    if case .loading = loadMore { return true }
    return false
  }

  /// Rows pulled past the top so far (0 when not pulling).
  public var pulledRows: Int {
    if case .pulling(let rows) = refresh { return rows }
    return 0
  }

  /// Whether letting go now would refresh.
  public var isArmed: Bool { pulledRows >= refreshThreshold }

  // MARK: - Load more

  /// The user moved; returns a request number when this move starts a load-more: only a move toward the end,
  /// with the footer in view, from `.idle`, and not while refreshing.
  public mutating func userMoved(towardEnd: Bool, footerInView: Bool) -> Int? {
    guard towardEnd, footerInView, loadMore == .idle, !isRefreshing else { return nil }
    return startLoadMore()
  }

  /// An explicit retry after a failure (a key or a click on the footer): the refresh again when a refresh
  /// failed (``retryRefreshes``), else the load-more. Not while refreshing or loading.
  public mutating func retry() -> Int? {
    guard case .failed = loadMore, !isRefreshing else { return nil }
    return retryRefreshes ? beginRefresh() : startLoadMore()
  }

  /// A load-more result. Returns `false`, changing nothing, when it is not for the request in flight
  /// (a late result after a refresh started, or a duplicate).
  public mutating func loadMoreFinished(request: Int, outcome: PageOutcome) -> Bool {
    guard loadMore == .loading(request: request) else { return false }
    retryRefreshes = false
    switch outcome {
    case .loaded(let hasMore): loadMore = hasMore ? .idle : .exhausted
    case .failed(let reason): loadMore = .failed(reason: reason)
    }
    return true
  }

  /// A load-more asked for by the app rather than a move (loading on to a search match): from `.idle` only, and
  /// not while refreshing.
  public mutating func loadMoreNow() -> Int? {
    guard loadMore == .idle, !isRefreshing else { return nil }
    return startLoadMore()
  }

  private mutating func startLoadMore() -> Int {
    lastRequest += 1
    loadMore = .loading(request: lastRequest)
    return lastRequest
  }

  // MARK: - Refresh

  /// The user pulled `rows` further past the top. Ignored while refreshing.
  public mutating func pull(rows: Int) {
    guard !isRefreshing, rows > 0 else { return }
    refresh = .pulling(rows: pulledRows + rows)
  }

  /// The user let go (or moved back down). Starts a refresh when the pull went far enough.
  public mutating func release() -> Int? {
    guard case .pulling = refresh else { return nil }
    if isArmed { return beginRefresh() }
    refresh = .idle
    return nil
  }

  /// Starts a refresh now (the keyboard's twin of pulling, or the first load). Any load-more in flight is
  /// abandoned, so its result will be dropped as stale. Returns `nil` when a refresh already runs.
  public mutating func beginRefresh() -> Int? {
    guard !isRefreshing else { return nil }
    lastRequest += 1
    refresh = .refreshing(request: lastRequest)
    loadMore = .idle
    retryRefreshes = false
    return lastRequest
  }

  /// Starts a refresh now even when one runs: the one in flight is for something no longer wanted (a query typed
  /// over), so its result will be dropped as stale. Returns the new request and the one given up, if any.
  public mutating func restartRefresh() -> (request: Int, abandoned: Int?) {
    let abandoned: Int? = if case .refreshing(let request) = refresh { request } else { nil }
    lastRequest += 1
    refresh = .refreshing(request: lastRequest)
    loadMore = .idle
    retryRefreshes = false
    return (lastRequest, abandoned)
  }

  /// A refresh result. Returns `false`, changing nothing, when it is not for the refresh in flight.
  public mutating func refreshFinished(request: Int, outcome: PageOutcome) -> Bool {
    guard refresh == .refreshing(request: request) else { return false }
    refresh = .idle
    switch outcome {
    case .loaded(let hasMore): loadMore = hasMore ? .idle : .exhausted
    case .failed(let reason):
      loadMore = .failed(reason: reason)
      retryRefreshes = true
    }
    return true
  }
}
