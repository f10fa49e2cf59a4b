import Dispatch
import ShopCatalog

/// A page request the app has handed out, and what came back.
public struct PageDelivery: Sendable {
  public enum Purpose: Hashable, Sendable {
    case refresh
    case loadMore
  }

  /// The engine's request number (see `PagingStateMachine`).
  public var request: Int
  public var purpose: Purpose
  public var feedRequest: FeedCursor.Request
  public var response: PageFeed.Response
}

/// Runs page fetches after the simulated network latency and posts what comes back to a mailbox.
public protocol PageLoader: AnyObject {
  /// Fetches `feedRequest` from `feed` after `latencyMilliseconds` and posts the delivery to `mailbox`.
  func load(
    _ feedRequest: FeedCursor.Request, request: Int, purpose: PageDelivery.Purpose, from feed: PageFeed,
    latencyMilliseconds: Int, into mailbox: Mailbox<PageDelivery>)
}

/// The real loader: a background queue waits out the latency, so the main loop keeps drawing meanwhile.
public final class BackgroundPageLoader: PageLoader {
  public init() {}

  public func load(
    _ feedRequest: FeedCursor.Request, request: Int, purpose: PageDelivery.Purpose, from feed: PageFeed,
    latencyMilliseconds: Int, into mailbox: Mailbox<PageDelivery>
  ) {
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(latencyMilliseconds)) {
      let response = feed.fetch(page: feedRequest.page, attempt: feedRequest.attempt)
      mailbox.post(PageDelivery(request: request, purpose: purpose, feedRequest: feedRequest, response: response))
    }
  }
}

/// The loader for snapshots and tests: nothing happens until the simulated clock passes a fetch's due time.
public final class SimulatedPageLoader: PageLoader {
  private struct Pending {
    var due: Int
    var sequence: Int
    var work: () -> Void
  }

  private var pending: [Pending] = []
  private var sequence = 0
  /// The simulated time in milliseconds.
  public private(set) var now = 0

  public init() {}

  public func load(
    _ feedRequest: FeedCursor.Request, request: Int, purpose: PageDelivery.Purpose, from feed: PageFeed,
    latencyMilliseconds: Int, into mailbox: Mailbox<PageDelivery>
  ) {
    sequence += 1
    pending.append(
      Pending(due: now + max(0, latencyMilliseconds), sequence: sequence) {
        let response = feed.fetch(page: feedRequest.page, attempt: feedRequest.attempt)
        mailbox.post(PageDelivery(request: request, purpose: purpose, feedRequest: feedRequest, response: response))
      })
  }

  /// Moves the clock to `time` and completes every fetch due by then, in due order.
  public func advance(to time: Int) {
    now = max(now, time)
    let due = pending.filter { $0.due <= now }.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
    pending.removeAll { $0.due <= now }
    for job in due { job.work() }
  }
}
