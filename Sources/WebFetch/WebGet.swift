import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Pictures

/// A good answer: the body, the address it finally came from (after redirects), its `Link` header.
public struct WebAnswer: Sendable {
  public var body: [UInt8]
  public var address: String
  public var linkHeader: String?
}

/// Why a GET gave no answer: in words without the address (the caller adds it, credentials hidden).
public struct WebFailure: Error, Sendable {
  public var failure: PictureFailure
  /// The server's status, when it answered with one that is not a success.
  public var status: Int?
  /// The host itself could not be reached (so its other pictures need not try now).
  public var hostDown = false

  init(_ kind: PictureFailure.Kind, _ reason: String, status: Int? = nil, hostDown: Bool = false) {
    (failure, self.status, self.hostDown) = (PictureFailure(kind, reason), status, hostDown)
  }
}

/// One http(s) GET within a ``NetworkConfiguration``'s limits, for pictures and feeds alike: the server's first
/// answer within `connectTimeout` (each redirect's server its own), the whole within `totalTimeout`, the body
/// (decompressed) within `maximumBodyBytes`, at most `maximumRedirects`, http and https only and never from https
/// to http, credentials only to the host they were given for. Cancelling the calling task stops the request and
/// frees its connection.
public struct WebGet: Sendable {
  public var network: NetworkConfiguration
  public var accept: String
  /// Refuses plain http from the start (an https feed's pages); a fetch begun on https refuses it anyway.
  public var secureOnly = false
  /// Pictures: the first bytes must be a picture's, checked as soon as they arrive.
  public var sniffsPicture = false
  /// Told the bytes received so far and the announced length (-1 when unknown), as the body arrives.
  public var progress: (@Sendable (_ received: Int, _ expected: Int64) -> Void)?

  public init(network: NetworkConfiguration, accept: String) { (self.network, self.accept) = (network, accept) }

  /// Starts the GET of `address` in a task of its own (on ``WebExecutor``, never Swift's shared pool) and hands
  /// its outcome to `then`; cancelling the task stops it (`then` is told "cancelled").
  @discardableResult
  public func start(
    _ address: String, then: @escaping @Sendable (Result<WebAnswer, WebFailure>) -> Void
  ) -> Task<Void, Never> {
    Task(executorPreference: WebExecutor.shared) { [self] in then(await run(address)) }
  }

  /// The GET's outcome: its answer or failure, or the first limit it missed, whichever comes first. The request
  /// is then cancelled but not waited for: the client may hold a request queued for a connection that never
  /// answers until its own time-out, and the caller must not wait that long.
  public func run(_ address: String) async -> Result<WebAnswer, WebFailure> {
    let watch = WebDeadlines(total: network.totalTimeout, connect: network.connectTimeout)
    let first = WebFirstOutcome()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        first.await(continuation)
        let fetch = Task(executorPreference: WebExecutor.shared) { [self] in first.offer(await follow(address, watch)) }
        let timer = Task(executorPreference: WebExecutor.shared) { [network] in
          if let missed = try? await watch.firstMissed(connect: network.connectTimeout) { first.offer(missed) }
        }
        first.whenDone {
          fetch.cancel()
          timer.cancel()
        }
      }
    } onCancel: {
      first.offer(.failure(WebFailure(.network, "cancelled")))
    }
  }

  private func follow(_ address: String, _ watch: WebDeadlines) async -> Result<WebAnswer, WebFailure> {
    let deadline = NIODeadline.now() + TimeAmount(network.totalTimeout)
    guard let first = URL(string: address), let firstScheme = URLScheme(of: first), firstScheme.isWeb else {
      return .failure(WebFailure(.notLocal, "not a usable web address"))
    }
    if secureOnly, firstScheme != .https {
      return .failure(WebFailure(.badRedirect, "an https feed's page on plain http, not followed"))
    }
    let credentials = WebCredentials(of: first)
    var url = first
    var redirects = 0
    while true {
      do {
        watch.expectAnswer(within: network.connectTimeout)
        let answerBy = min(deadline, .now() + TimeAmount(network.connectTimeout))
        let here = url
        let taker = WebResponseTaker(
          get: self, isRedirect: { Self.redirectTarget($0, from: here) != nil }, answered: { watch.answered() })
        let reply: WebResponseTaker.Reply
        do {
          let request = try makeRequest(url, credentials: credentials)
          if let proxy = WebClient.absoluteFormProxy(for: url, network) {
            reply = try await AbsoluteFormGet.fetch(request, through: proxy, taker, network: network, by: deadline)
          } else {
            reply = try await Self.fetch(request, with: WebClient.client(for: url, network), taker, by: deadline)
          }
        } catch let stop as WebResponseTaker.Stop {
          // A redirect whose body was too long to drain is still followed.
          guard let head = taker.redirectHead else { return .failure(stop.failure) }
          reply = WebResponseTaker.Reply(head: head, body: [])
        } catch let error as HTTPClientError where Self.noAnswer.contains(error) {
          guard answerBy < deadline, error != .deadlineExceeded else {
            return .failure(WebFailure(.timedOut, "not fetched within \(network.totalTimeout)"))
          }
          return .failure(WebFailure(.timedOut, "no answer within \(network.connectTimeout)", hostDown: true))
        }
        if let target = Self.redirectTarget(reply.head, from: url) {
          redirects += 1
          if redirects > network.maximumRedirects {
            return .failure(WebFailure(.badRedirect, "more than \(network.maximumRedirects) redirects (a loop?)"))
          }
          if let refusal = Self.refusal(ofRedirectTo: target, secureOnly: secureOnly || firstScheme == .https) {
            return .failure(WebFailure(.badRedirect, refusal))
          }
          url = target
          continue
        }
        let link = reply.head.headers["link"].joined(separator: ", ")
        return .success(WebAnswer(body: reply.body, address: url.absoluteString, linkHeader: link.isEmpty ? nil : link))
      } catch {
        return .failure(Task.isCancelled ? WebFailure(.network, "cancelled") : Self.failure(for: error))
      }
    }
  }

  /// One request, its answer taken on the event loop that reads it (see ``WebResponseTaker``); the whole within
  /// `deadline` (the time to answer is the timer's). Cancelling the calling task stops the request.
  private static func fetch(
    _ request: HTTPClient.Request, with client: HTTPClient, _ taker: WebResponseTaker, by deadline: NIODeadline
  ) async throws -> WebResponseTaker.Reply {
    let loop = client.eventLoopGroup.next()
    let task = client.execute(
      request: request, delegate: taker, eventLoop: .delegateAndChannel(on: loop), deadline: deadline)
    return try await withTaskCancellationHandler {
      try await task.futureResult.get()
    } onCancel: {
      task.cancel()
    }
  }

  private func makeRequest(_ url: URL, credentials: WebCredentials?) throws -> HTTPClient.Request {
    var headers = HTTPHeaders()
    headers.add(name: "Accept", value: accept)
    headers.add(name: "Accept-Encoding", value: "gzip, deflate")
    headers.add(name: "User-Agent", value: "waterfall")
    if let credentials, credentials.belongs(to: url) {
      headers.add(name: "Authorization", value: credentials.header)
    }
    return try HTTPClient.Request(url: WebCredentials.withoutUserInfo(url), method: .GET, headers: headers)
  }

  /// The client's ways of saying the server did not answer in time: the request's deadline, or the pool's own
  /// (the same time-out) for a connection, its TLS or its proxy.
  private static let noAnswer: [HTTPClientError] = [
    .deadlineExceeded, .connectTimeout, .getConnectionFromPoolTimeout, .tlsHandshakeTimeout,
    .httpProxyHandshakeTimeout,
  ]

  private static func redirectTarget(_ head: HTTPResponseHead, from url: URL) -> URL? {
    guard [301, 302, 303, 307, 308].contains(head.status.code), let location = head.headers.first(name: "location")
    else { return nil }
    return URL(string: location, relativeTo: url)?.absoluteURL
  }

  /// Why a redirect to `target` is not followed, or nil: only to http(s), and from https only to https.
  public static func refusal(ofRedirectTo target: URL?, secureOnly: Bool) -> String? {
    guard let target, let scheme = URLScheme(of: target), scheme.isWeb else {
      return "a redirect to something not http(s)"
    }
    if secureOnly, scheme != .https { return "a redirect to plain http from https, not followed" }
    return nil
  }

  static func tooLarge(_ limit: Int, declared: Int64?) -> WebFailure {
    let what = declared.map { "declared \($0) bytes" } ?? "grew"
    return WebFailure(.bodyTooLarge, "the body \(what) past the limit of \(limit) bytes")
  }
}

extension TimeAmount {
  init(_ duration: Duration) { self = .nanoseconds(duration.nanoseconds) }
}
