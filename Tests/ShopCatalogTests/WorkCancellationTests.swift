import Foundation
import ShopCatalog
import Testing

/// Work nobody wants any more stops where it runs: the column store's search while it waits for the reader or
/// scans, told by a ``WorkCancellation``.
@Suite("Work that stops: the column store's searches")
struct WorkCancellationTests {
  @Test("the stop is called once when cancelled while the work runs, at once when it was before, never after")
  func stopsWhileRunning() {
    let cancellation = WorkCancellation()
    let calls = Counter()
    cancellation.whileRunning(stoppedBy: calls.add) {
      cancellation.cancel()
      cancellation.cancel()
    }
    #expect(calls.value == 1 && cancellation.isCancelled)
    cancellation.whileRunning(stoppedBy: calls.add) {}
    #expect(calls.value == 2, "already cancelled: stopped at once")

    let finished = WorkCancellation()
    let none = Counter()
    finished.whileRunning(stoppedBy: none.add) {}
    finished.cancel()
    #expect(none.value == 0, "the work had ended: nothing to stop")
  }

  @Test("a search cancelled before it starts answers nothing; one not cancelled answers as without a token")
  func cancelledBeforeItStarts() {
    let catalogue = ItemCatalogue(items: Self.items(500), pageSize: 50)
    let cancelled = WorkCancellation()
    cancelled.cancel()
    #expect(catalogue.findMatches(of: ItemQuery("item 4"), in: CatalogueQuery(), cancellation: cancelled) == nil)
    let wanted = catalogue.findMatches(of: ItemQuery("item 4"), in: CatalogueQuery(), cancellation: WorkCancellation())
    #expect(wanted == catalogue.findMatches(of: ItemQuery("item 4"), in: CatalogueQuery()))
    // Each term anywhere in the title: every title holds "item", 176 of them a 4.
    #expect(wanted == (0..<500).filter { String($0).contains("4") })
    let sorted = CatalogueQuery(order: .priceDescending)
    #expect(catalogue.findMatches(of: ItemQuery("item 4"), in: sorted, cancellation: cancelled) == nil)
  }

  @Test("a search waiting for the reader stops within 50 ms of its cancellation, with no answer")
  func waitingForTheReader() throws {
    // Never finished: the reader is still reading, so the search waits for the rest.
    let catalogue = ItemCatalogue(paging: .size(50))
    catalogue.append(Self.items(100))
    let cancellation = WorkCancellation()
    let answer = Answer()
    let thread = Thread {
      answer.set(catalogue.findMatches(of: ItemQuery("zyzzyva"), in: CatalogueQuery(), cancellation: cancellation))
    }
    thread.start()
    Thread.sleep(forTimeInterval: 0.1)
    #expect(!answer.isSet, "the search waits for the whole catalogue")
    let cancelledAt = Date()
    cancellation.cancel()
    let stoppedIn = try #require(answer.wait(seconds: 2)).timeIntervalSince(cancelledAt)
    #expect(stoppedIn < 0.05, "stopped \(Int(stoppedIn * 1000)) ms after the cancellation")
    #expect(answer.ranks == nil)
  }

  static func items(_ count: Int) -> [ShopItem] {
    (0..<count).map { ShopItem(width: 10, height: 10, price: "¥\($0)", title: "item \($0)") }
  }
}

private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  @Sendable func add() { lock.withLock { count += 1 } }
}

/// A search's answer from another thread, and when it came.
private final class Answer: @unchecked Sendable {
  private let condition = NSCondition()
  private var answered: (ranks: [Int]?, at: Date)?

  var isSet: Bool { condition.withLock { answered != nil } }
  var ranks: [Int]? { condition.withLock { answered?.ranks } }

  func set(_ ranks: [Int]?) {
    condition.withLock {
      answered = (ranks, Date())
      condition.broadcast()
    }
  }

  /// When the answer came, waiting at most `seconds` for it.
  func wait(seconds: Double) -> Date? {
    condition.withLock {
      let deadline = Date(timeIntervalSinceNow: seconds)
      while answered == nil, condition.wait(until: deadline) {}
      return answered?.at
    }
  }
}
