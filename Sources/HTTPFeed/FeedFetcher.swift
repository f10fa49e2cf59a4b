import Dispatch
import Foundation
import Locking
import Pictures

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches one feed page at a time with URLSession, within the picture fetcher's limits
/// (``NetworkConfiguration``: the time to the server's first answer, the whole fetch's time, the body's size,
/// the redirects). Blocks its caller (a background executor's thread) until the answer or a limit, never longer.
/// Every failure's reason names the address with its credentials replaced (``RedactedURL``).
final class FeedFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// A good answer: the body, the address it finally came from (after redirects), its `Link` header.
  struct Answer: Sendable {
    var body: [UInt8]
    var address: String
    var linkHeader: String?
  }

  /// One fetch under way, keyed by its task.
  private struct Transfer {
    var body: [UInt8] = []
    var status = 0
    var answered = false
    var redirects = 0
    /// Fetched for an https feed: a redirect to plain http is refused.
    var secureOnly = false
    var problem: String?
    /// The status of an answer refused for it (404, 500, …).
    var refusedStatus: Int?
    var finished = false
    var linkHeader: String?
    var address: String?
    /// When the server now asked (the first, or the one a redirect named) began: each gets its own time to answer.
    var askedAt = DispatchTime.now()
    let signal = DispatchSemaphore(value: 0)
  }

  let configuration: NetworkConfiguration
  private let transfers = Locked<[Int: Transfer]>([:])
  private var session: URLSession!

  init(configuration: NetworkConfiguration) {
    self.configuration = configuration
    super.init()
    let settings = configuration.sessionSettings()
    let queue = OperationQueue()
    queue.name = "feed fetches"
    queue.maxConcurrentOperationCount = 1
    session = URLSession(configuration: settings, delegate: self, delegateQueue: queue)
  }

  /// Ends the session. A URLSession holds its delegate (this fetcher) until it is invalidated, and the fetcher holds
  /// the session, so without this neither is ever freed (LeakSanitizer saw every feed catalogue's session stay).
  func invalidate() { session.invalidateAndCancel() }

  /// Fetches `address`: the answer, or why not (with the address, credentials hidden). `secureOnly` (an https
  /// feed's page): plain http is refused, for the address and for any redirect, so no page comes unencrypted.
  func get(_ address: String, secureOnly: Bool = false) -> Result<Answer, FeedFailure> {
    let shown = RedactedURL.text(address)
    guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
      return .failure(FeedFailure(reason: "not a usable web address: \(shown)"))
    }
    if secureOnly, url.scheme?.lowercased() != "https" {
      return .failure(FeedFailure(reason: "an https feed's page on plain http, not followed: \(shown)"))
    }
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let task = session.dataTask(with: request)
    let signal = transfers.withLock { transfers in
      var transfer = Transfer()
      transfer.secureOnly = secureOnly
      transfers[task.taskIdentifier] = transfer
      return transfer.signal
    }
    task.resume()
    let timeToAnswer = DispatchTimeInterval.nanoseconds(Int(clamping: configuration.connectTimeout.nanoseconds))
    let totalDeadline = DispatchTime.now() + .nanoseconds(Int(clamping: configuration.totalTimeout.nanoseconds))
    var outcome: Result<Answer, FeedFailure>?
    while outcome == nil {
      // A redirect wakes this loop, so the next server's time to answer counts from when it was asked.
      let (answered, askedAt) = transfers.withLock {
        ($0[task.taskIdentifier]?.answered ?? true, $0[task.taskIdentifier]?.askedAt ?? .now())
      }
      let deadline = answered ? totalDeadline : min(askedAt + timeToAnswer, totalDeadline)
      let timedOut = signal.wait(timeout: deadline) == .timedOut
      let transfer = transfers.withLock { $0[task.taskIdentifier] }
      if let transfer, transfer.finished {
        if let problem = transfer.problem {
          outcome = .failure(FeedFailure(reason: "\(problem): \(shown)", status: transfer.refusedStatus))
        } else {
          outcome = .success(
            Answer(body: transfer.body, address: transfer.address ?? address, linkHeader: transfer.linkHeader))
        }
      } else if timedOut {
        let words =
          transfer?.answered == true
          ? "not fetched within \(configuration.totalTimeout)" : "no answer within \(configuration.connectTimeout)"
        outcome = .failure(FeedFailure(reason: "\(words): \(shown)"))
      }
    }
    // Gone from the table before the task is cancelled: a redirect is answered only while its transfer is in it.
    transfers.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
    task.cancel()
    return outcome!
  }

  /// Changes the transfer of `task` while it runs; `finish` ends it with `problem` (nil: success) and wakes the
  /// waiting caller.
  private func change(_ task: URLSessionTask, _ body: (inout Transfer) -> Void) {
    let signal: DispatchSemaphore? = transfers.withLock { transfers in
      guard var transfer = transfers[task.taskIdentifier], !transfer.finished else { return nil }
      body(&transfer)
      transfers[task.taskIdentifier] = transfer
      return transfer.signal
    }
    signal?.signal()
  }

  private func fail(_ task: URLSessionTask, _ problem: String) {
    change(task) {
      $0.problem = $0.problem ?? problem
      $0.finished = true
    }
    task.cancel()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let status = http?.statusCode ?? 0
    let limit = configuration.maximumBodyBytes
    change(dataTask) {
      $0.answered = true
      $0.status = status
      $0.address = response.url?.absoluteString
      $0.linkHeader = http?.value(forHTTPHeaderField: "Link")
      $0.refusedStatus = (200..<300).contains(status) ? nil : status
    }
    if !(200..<300).contains(status) {
      completionHandler(.cancel)
      let words = HTTPURLResponse.localizedString(forStatusCode: status)
      return fail(dataTask, "the server answered \(status) (\(words))")
    }
    if response.expectedContentLength > Int64(limit) {
      completionHandler(.cancel)
      return fail(
        dataTask, "the body declared \(response.expectedContentLength) bytes, past the limit of \(limit) bytes")
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let limit = configuration.maximumBodyBytes
    var tooLarge = false
    change(dataTask) {
      if $0.body.count + data.count > limit {
        tooLarge = true
      } else {
        $0.body.append(contentsOf: data)
      }
    }
    if tooLarge { fail(dataTask, "the body grew past the limit of \(limit) bytes") }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let error { return fail(task, PictureFailure(urlSessionError: error).reason) }
    change(task) { $0.finished = true }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let maximum = configuration.maximumRedirects
    var redirects = 0
    var secureOnly = false
    change(task) {
      $0.redirects += 1
      $0.askedAt = .now()
      redirects = $0.redirects
      secureOnly = $0.secureOnly
    }
    if redirects > maximum { return fail(task, "more than \(maximum) redirects (a loop?)") }
    if let refusal = Self.refusal(ofRedirectTo: request.url, secureOnly: secureOnly) { return fail(task, refusal) }
    // Answered under the lock, and only while the fetch goes on: FoundationNetworking stops the process when a
    // redirect's answer reaches a task cancelled meanwhile (the picture fetcher's delegate says more).
    transfers.withLock { transfers in
      if let transfer = transfers[task.taskIdentifier], !transfer.finished { completionHandler(request) }
    }
  }
}

extension FeedFetcher {
  /// Why a redirect to `target` is not followed, or nil: only to http(s), and from an https feed only to https.
  static func refusal(ofRedirectTo target: URL?, secureOnly: Bool) -> String? {
    let scheme = target?.scheme?.lowercased()
    guard scheme == "http" || scheme == "https" else { return "a redirect to something not http(s)" }
    if secureOnly, scheme != "https" { return "a redirect to plain http from an https feed, not followed" }
    return nil
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
