import Testing
import WaterfallKit

/// R after a failure asks again for what failed: a refresh's failure is retried as a refresh, since a load-more
/// after the loaded items' end would ask for the first page and append it to items that hold it already.
@Suite("Retrying a failed refresh")
struct RefreshRetryTests {
  @Test("a failed refresh is retried as a refresh; a failed load-more as a load-more")
  func retryAsksForWhatFailed() {
    var machine = PagingStateMachine()
    let refresh = machine.beginRefresh()!
    _ = machine.refreshFinished(request: refresh, outcome: .failed(reason: "the server answered 503"))
    #expect(machine.loadMore == .failed(reason: "the server answered 503"))
    #expect(machine.retryRefreshes)
    let retry = machine.retry()
    #expect(retry != nil && machine.isRefreshing && !machine.isLoadingMore)
    _ = machine.refreshFinished(request: retry!, outcome: .loaded(hasMore: true))
    #expect(!machine.retryRefreshes && machine.loadMore == .idle)
    let load = machine.userMoved(towardEnd: true, footerInView: true)!
    _ = machine.loadMoreFinished(request: load, outcome: .failed(reason: "offline"))
    #expect(!machine.retryRefreshes)
    let again = machine.retry()
    #expect(again != nil && machine.isLoadingMore && !machine.isRefreshing)
  }

  @Test("the view hands a failed refresh's retry out as a refresh request")
  func viewHandsOutARefresh() {
    let view = WaterfallView(
      viewportSize: GridSize(width: 40, height: 10), columnPolicy: .fixed(2), margins: WaterfallMargins(),
      headerHeight: 1, footerHeight: 1, placeholderHeight: 3, refreshThreshold: 3)
    let refresh = view.beginRefresh()!
    _ = view.takePageRequests()
    view.finishRefresh(request: refresh, outcome: .failed(reason: "down"))
    let retry = view.retryLoadMore()
    #expect(view.takePageRequests() == [PageRequest(kind: .refresh, number: retry!)])
  }
}
