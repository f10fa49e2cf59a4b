/// The load-more footer's state.
public enum LoadMoreState: Hashable, Sendable {
  /// Ready: the next move toward the end with the footer in view asks for a page.
  case idle
  /// One request is in flight; nothing else triggers until it ends.
  case loading(request: Int)
  /// The last request failed; only an explicit retry asks again.
  case failed(reason: String)
  /// The feed has no more pages.
  case exhausted
}

/// The pull-to-refresh header's state.
public enum RefreshState: Hashable, Sendable {
  case idle
  /// The user is pulling past the top by this many rows and has not let go.
  case pulling(rows: Int)
  /// A refresh request is in flight.
  case refreshing(request: Int)
}

/// How a page request ended.
public enum PageOutcome: Hashable, Sendable {
  /// The page arrived; `hasMore` says whether another page follows.
  case loaded(hasMore: Bool)
  case failed(reason: String)
}
