import Testing
import WaterfallKit

@Suite("Refresh and load-more state machines")
struct PagingTests {
  @Test("idle → loading → idle, or failed, or exhausted")
  func loadMoreTransitions() {
    var machine = PagingStateMachine()
    let first = machine.userMoved(towardEnd: true, footerInView: true)!
    #expect(machine.loadMore == .loading(request: first))
    let accepted = machine.loadMoreFinished(request: first, outcome: .loaded(hasMore: true))
    #expect(accepted)
    #expect(machine.loadMore == .idle)
    let second = machine.userMoved(towardEnd: true, footerInView: true)!
    let accepted2 = machine.loadMoreFinished(request: second, outcome: .failed(reason: "timeout"))
    #expect(accepted2)
    #expect(machine.loadMore == .failed(reason: "timeout"))
    let third = machine.retry()!
    let accepted3 = machine.loadMoreFinished(request: third, outcome: .loaded(hasMore: false))
    #expect(accepted3)
    #expect(machine.loadMore == .exhausted)
    let started = machine.userMoved(towardEnd: true, footerInView: true)
    #expect(started == nil)
    let started2 = machine.retry()
    #expect(started2 == nil)
  }

  @Test("a refresh restarted over one in flight gives it up: its result is dropped, the new one's taken")
  func restartedRefresh() {
    var machine = PagingStateMachine()
    let idle = machine.restartRefresh()
    #expect(idle.abandoned == nil)
    let (second, abandoned) = machine.restartRefresh()
    #expect(abandoned == idle.request && second != idle.request)
    let stale = machine.refreshFinished(request: idle.request, outcome: .loaded(hasMore: true))
    #expect(!stale && machine.isRefreshing)
    let taken = machine.refreshFinished(request: second, outcome: .loaded(hasMore: true))
    #expect(taken && !machine.isRefreshing)
  }

  @Test("triggers only while moving toward the end with the footer in view")
  func triggerConditions() {
    var machine = PagingStateMachine()
    let started3 = machine.userMoved(towardEnd: false, footerInView: true)
    #expect(started3 == nil, "moving back up")
    let started4 = machine.userMoved(towardEnd: true, footerInView: false)
    #expect(started4 == nil, "footer not in view")
    let started5 = machine.userMoved(towardEnd: true, footerInView: true)
    #expect(started5 != nil)
  }

  @Test("repeated scroll events while loading start nothing: one request in flight")
  func noDoubleTrigger() {
    var machine = PagingStateMachine()
    let request = machine.userMoved(towardEnd: true, footerInView: true)!
    for _ in 0..<50 {
      let started6 = machine.userMoved(towardEnd: true, footerInView: true)
      #expect(started6 == nil)
    }
    #expect(machine.loadMore == .loading(request: request))
    let accepted4 = machine.loadMoreFinished(request: request + 1, outcome: .loaded(hasMore: true))
    #expect(!accepted4, "unknown request")
    let accepted5 = machine.loadMoreFinished(request: request, outcome: .loaded(hasMore: true))
    #expect(accepted5)
    let accepted6 = machine.loadMoreFinished(request: request, outcome: .loaded(hasMore: true))
    #expect(!accepted6, "duplicate result")
  }

  @Test("a failure does not retry by itself; only an explicit retry does")
  func failureThenRetry() {
    var machine = PagingStateMachine()
    let request = machine.userMoved(towardEnd: true, footerInView: true)!
    _ = machine.loadMoreFinished(request: request, outcome: .failed(reason: "offline"))
    let started7 = machine.userMoved(towardEnd: true, footerInView: true)
    #expect(started7 == nil)
    let retry = machine.retry()
    #expect(retry != nil && retry != request)
    let started8 = machine.retry()
    #expect(started8 == nil, "no second retry while the first is in flight")
  }

  @Test("a load-more result that arrives after a refresh started is stale and dropped")
  func lateResultAfterRefresh() {
    var machine = PagingStateMachine()
    let load = machine.userMoved(towardEnd: true, footerInView: true)!
    let refresh = machine.beginRefresh()!
    let started9 = machine.userMoved(towardEnd: true, footerInView: true)
    #expect(started9 == nil, "no load-more while refreshing")
    let started10 = machine.retry()
    #expect(started10 == nil)
    let accepted7 = machine.loadMoreFinished(request: load, outcome: .loaded(hasMore: true))
    #expect(!accepted7)
    #expect(machine.isRefreshing)
    let started11 = machine.beginRefresh()
    #expect(started11 == nil, "one refresh at a time")
    let accepted8 = machine.refreshFinished(request: refresh, outcome: .loaded(hasMore: true))
    #expect(accepted8)
    let accepted9 = machine.loadMoreFinished(request: load, outcome: .loaded(hasMore: true))
    #expect(!accepted9, "still stale afterwards")
    #expect(machine.loadMore == .idle)
  }

  @Test("pulling past the top by the threshold and letting go refreshes; a short pull does not")
  func pullToRefresh() {
    var machine = PagingStateMachine(refreshThreshold: 3)
    machine.pull(rows: 2)
    #expect(machine.pulledRows == 2 && !machine.isArmed)
    let started12 = machine.release()
    #expect(started12 == nil)
    #expect(machine.refresh == .idle)
    machine.pull(rows: 1)
    machine.pull(rows: 2)
    #expect(machine.isArmed)
    let request = machine.release()!
    #expect(machine.refresh == .refreshing(request: request))
    machine.pull(rows: 5)
    #expect(machine.refresh == .refreshing(request: request), "pulling while refreshing changes nothing")
  }

  @Test("through the view: the footer coming into view while moving down requests exactly one page")
  func viewTriggersOnce() {
    let source = RecordingSource(heights: Array(repeating: 5, count: 40))
    let view = source.makeView(width: 40, height: 10, columns: .fixed(2))
    view.footerHeight = 1
    view.userScroll(byRows: 5)
    #expect(source.loadMoreRequests.isEmpty)
    view.userScroll(toOffset: view.maximumOffset)
    #expect(source.loadMoreRequests.count == 1)
    view.userScroll(byRows: 1)
    view.userScroll(byRows: -1)
    view.userScroll(byRows: 1)
    #expect(source.loadMoreRequests.count == 1)
    source.heights += Array(repeating: 5, count: 10)
    #expect(view.finishLoadMore(request: source.loadMoreRequests[0], outcome: .loaded(hasMore: true)))
    view.appendItems()
    #expect(view.itemCount == 50)
    view.userScroll(byRows: -1)
    #expect(source.loadMoreRequests.count == 1, "moving up never triggers")
  }

  @Test("through the view: scrolling up past the top pulls, scrolling down lets go")
  func viewPulls() {
    let source = RecordingSource(heights: Array(repeating: 5, count: 40))
    let view = source.makeView(width: 40, height: 10, columns: .fixed(2))
    view.userScroll(byRows: -2)
    view.userScroll(byRows: -2)
    #expect(view.paging.pulledRows == 4)
    #expect(view.contentOffset == 0)
    view.releasePull()
    #expect(source.refreshRequests.count == 1)
  }
}
