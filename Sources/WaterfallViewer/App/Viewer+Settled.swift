extension Viewer {
  /// Nothing left to wait for, of any kind: no page loading, no refresh or pull under way, no measuring (`G`, a far
  /// jump) and no far page of a measured result on its way, no picture pending (a tape's `WaitSettled`).
  public var isSettled: Bool {
    let paging = waterfall.paging
    guard !paging.isLoadingMore, !paging.isRefreshing, paging.pulledRows == 0 else { return false }
    guard jumps.measurer.measuring == nil, !jumps.measurer.farPagesInFlight(store: store) else { return false }
    return !pictures.isLoading
  }
}
