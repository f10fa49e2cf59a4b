/// A page the view wants: the caller fetches it and reports back with the same number, through
/// ``WaterfallView/finishLoadMore(request:outcome:)`` or ``WaterfallView/finishRefresh(request:outcome:)``.
public struct PageRequest: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// The next page, appended at the end.
    case loadMore
    /// The first page again, replacing everything.
    case refresh
  }

  public var kind: Kind
  /// The paging state machine's request number; only the request in flight is accepted back.
  public var number: Int

  public init(kind: Kind, number: Int) { (self.kind, self.number) = (kind, number) }
}

extension WaterfallView {
  // MARK: - Refresh and load more

  /// The page requests started since the last call (by scrolling to the footer, a pull, a retry or a refresh),
  /// oldest first. The view starts no I/O: the caller fetches these.
  public func takePageRequests() -> [PageRequest] {
    defer { pendingPageRequests.removeAll() }
    return pendingPageRequests
  }

  /// The user let go of a pull: refreshes when it went past the threshold.
  public func releasePull() {
    if let request = paging.release() { pendingPageRequests.append(PageRequest(kind: .refresh, number: request)) }
  }

  /// Starts a refresh now, giving up the one running, if any (a query typed over): its request is no longer
  /// handed out if it was not yet, and its result will be dropped. Returns the request given up.
  @discardableResult
  public func restartRefresh() -> Int? {
    let (request, abandoned) = paging.restartRefresh()
    pendingPageRequests.removeAll { $0.kind == .refresh && $0.number == abandoned }
    pendingPageRequests.append(PageRequest(kind: .refresh, number: request))
    return abandoned
  }

  /// Starts a refresh now (also the first load). Returns the request number, or `nil` when one is running.
  @discardableResult
  public func beginRefresh() -> Int? {
    guard let request = paging.beginRefresh() else { return nil }
    pendingPageRequests.append(PageRequest(kind: .refresh, number: request))
    return request
  }

  /// Loads the next page now, wherever the view is (the app loading on to something). Returns the request
  /// number, or `nil` unless paging is idle.
  @discardableResult
  public func loadMore() -> Int? {
    guard let request = paging.loadMoreNow() else { return nil }
    pendingPageRequests.append(PageRequest(kind: .loadMore, number: request))
    return request
  }

  /// Retries a failed load-more, or a failed refresh as a refresh. Returns the request number, or `nil` when
  /// there is nothing to retry.
  @discardableResult
  public func retryLoadMore() -> Int? {
    let kind: PageRequest.Kind = paging.retryRefreshes ? .refresh : .loadMore
    guard let request = paging.retry() else { return nil }
    pendingPageRequests.append(PageRequest(kind: kind, number: request))
    return request
  }

  /// Reports a load-more result. Returns `false` for a stale result, which the caller must then drop. On
  /// `true` with `.loaded`, add the page to the data source and call ``appendItems()``.
  @discardableResult
  public func finishLoadMore(request: Int, outcome: PageOutcome) -> Bool {
    paging.loadMoreFinished(request: request, outcome: outcome)
  }

  /// Reports a refresh result. Returns `false` for a stale one. On `true` with `.loaded`, replace the data and
  /// call ``reloadData(keepingCells:)`` with `keepingCells: false`.
  @discardableResult
  public func finishRefresh(request: Int, outcome: PageOutcome) -> Bool {
    paging.refreshFinished(request: request, outcome: outcome)
  }
}
