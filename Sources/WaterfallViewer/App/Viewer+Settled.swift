extension Viewer {
  /// Nothing left to wait for, of any kind: no page loading, no refresh or pull under way, no `G` measuring, no
  /// far page of a measured result on its way, no picture pending (a tape's `WaitSettled`).
  public var isSettled: Bool {
    let paging = waterfall.paging
    guard !paging.isLoadingMore, !paging.isRefreshing, paging.pulledRows == 0 else { return false }
    guard measuring == nil, !isLoadingFarPages else { return false }
    return !pictures.entries.values.contains { entry in
      if case .loading = entry { return true }
      return false
    }
  }

  /// A page of the measured result asked for that has neither come nor failed.
  private var isLoadingFarPages: Bool {
    guard let pages = store.measuredPages else { return false }
    return farPagesAsked.contains { page in
      let first = page * pages.pageSize
      return !farPagesFailed.contains(page) && first < store.count && !store.items.isLoaded(first)
    }
  }
}
