import Dispatch
import Foundation
import Locking
import Pictures
import WebFetch

/// Fetches one feed page at a time with ``WebGet``, within the picture fetcher's limits (``NetworkConfiguration``:
/// the time to the server's first answer, the whole fetch's time, the body's size, the redirects). Blocks its
/// caller (a background executor's thread, never an event loop's or a task's) until the answer or a limit, never
/// longer. Every failure's reason names the address with its credentials replaced (``RedactedURL``).
final class FeedFetcher: Sendable {
  /// A good answer: the body, the address it finally came from (after redirects), its `Link` header.
  typealias Answer = WebAnswer

  let configuration: NetworkConfiguration
  /// The fetches under way, stopped by ``invalidate()``.
  private let running = Locked<[UInt64: Task<Void, Never>]>([:])
  private let nextNumber = Locked<UInt64>(0)

  init(configuration: NetworkConfiguration) {
    self.configuration = configuration
  }

  /// Stops the fetches under way (their callers get a failure at once).
  func invalidate() {
    for task in running.withLock({ $0.values }) { task.cancel() }
  }

  /// Fetches `address`: the answer, or why not (with the address, credentials hidden). `secureOnly` (an https
  /// feed's page): plain http is refused, for the address and for any redirect, so no page comes unencrypted.
  func get(_ address: String, secureOnly: Bool = false) -> Result<Answer, FeedFailure> {
    let shown = RedactedURL.text(address)
    // WebGet refuses what is not http(s), and plain http when secureOnly, in the same words.
    var get = WebGet(network: configuration, accept: "application/json")
    get.secureOnly = secureOnly
    let outcome = Locked<Result<WebAnswer, WebFailure>?>(nil)
    let done = DispatchSemaphore(value: 0)
    let number = nextNumber.withLock {
      $0 += 1
      return $0
    }
    running.withLock { running in
      running[number] = get.start(address) { answer in
        outcome.withLock { $0 = answer }
        done.signal()
      }
    }
    // WebGet ends within the total time-out on its own; the wait's own limit is only a guard.
    let guardTime = Duration.seconds(5) + configuration.totalTimeout
    let ended = done.wait(timeout: .now() + .nanoseconds(Int(clamping: guardTime.nanoseconds))) == .success
    running.withLock { $0.removeValue(forKey: number) }?.cancel()
    guard ended, let result = outcome.withLock({ $0 }) else {
      return .failure(FeedFailure(reason: "not fetched within \(configuration.totalTimeout): \(shown)"))
    }
    return result.mapError { FeedFailure(reason: "\($0.failure.reason): \(shown)", status: $0.status) }
  }
}

extension FeedFetcher {
  /// Why a redirect to `target` is not followed, or nil: only to http(s), and from an https feed only to https.
  static func refusal(ofRedirectTo target: URL?, secureOnly: Bool) -> String? {
    WebGet.refusal(ofRedirectTo: target, secureOnly: secureOnly)
  }
}

/// Why a feed page could not be had, in words, the address's credentials hidden.
struct FeedFailure: Error, Hashable, Sendable {
  var reason: String
  /// The server's status, when it answered with one that is not a success.
  var status: Int?

  /// A page past a feed's last that is simply not there: the server's way of saying the feed ended, when at
  /// least one page came before it.
  var saysGone: Bool { status == 404 || status == 410 }
}
