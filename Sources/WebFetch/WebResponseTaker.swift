import AsyncHTTPClient
import Locking
import NIOCore
import NIOHTTP1
import Pictures

/// Takes one GET's answer on the event loop that reads it (the request runs with
/// `.delegateAndChannel(on:)`, or through ``AbsoluteFormGet``'s channel), copying each body part there. The part's buffer may share its storage with the
/// channel's pool of receive buffers, which reuses it as soon as it is no longer referenced: only the reference
/// count orders our last read before that reuse, and ThreadSanitizer cannot see the count (the runtime is not
/// instrumented), so a copy made on another thread was reported as a race. Copied on the loop, the buffer never
/// leaves it. The limits are the GET's: the answer's status, the body's size, a picture's first bytes.
final class WebResponseTaker: HTTPClientResponseDelegate, Sendable {
  /// The last answer: its head, and its body when it is a success (a redirect's is read and dropped).
  struct Reply: Sendable {
    var head: HTTPResponseHead
    var body: [UInt8]
  }

  /// The GET's failure, found while the answer arrived; the request is stopped with it.
  struct Stop: Error {
    var failure: WebFailure
  }

  /// What a redirect's body may hold before the connection is given up rather than drained for reuse.
  static let redirectBodyLimit = 1 << 16

  private struct State {
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    var dropped = 0
    var keepsBody = false
    var expected: Int64 = -1
    var sniffed: Bool
  }

  private let limit: Int
  private let isRedirect: @Sendable (HTTPResponseHead) -> Bool
  private let answered: @Sendable () -> Void
  private let progress: (@Sendable (_ received: Int, _ expected: Int64) -> Void)?
  /// Touched only on the request's event loop; the lock makes that visible to the compiler and costs nothing
  /// uncontended.
  private let state: Locked<State>

  /// `answered` is told when the last answer's head arrives (not a redirect's).
  init(
    get: WebGet, isRedirect: @escaping @Sendable (HTTPResponseHead) -> Bool,
    answered: @escaping @Sendable () -> Void
  ) {
    (limit, progress) = (get.network.maximumBodyBytes, get.progress)
    (self.isRedirect, self.answered) = (isRedirect, answered)
    state = Locked(State(sniffed: !get.sniffsPicture))
  }

  func didReceiveHead(task: HTTPClient.Task<Reply>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
    take(head: head).map { task.eventLoop.makeFailedFuture($0) } ?? task.eventLoop.makeSucceededVoidFuture()
  }

  func didReceiveBodyPart(task: HTTPClient.Task<Reply>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
    take(part: buffer).map { task.eventLoop.makeFailedFuture($0) } ?? task.eventLoop.makeSucceededVoidFuture()
  }

  func didFinishRequest(task: HTTPClient.Task<Reply>) throws -> Reply { try reply() }

  /// The answer's head (each redirect's, then the last answer's); a failure stops the GET.
  func take(head: HTTPResponseHead) -> Stop? {
    state.withLock { state in
      state.head = head
      if isRedirect(head) { return nil }
      answered()
      let status = Int(head.status.code)
      guard (200..<300).contains(status) else {
        let words = head.status.reasonPhrase.lowercased()
        return Stop(failure: WebFailure(.httpStatus, "the server answered \(status) (\(words))", status: status))
      }
      let declared = head.headers.first(name: "content-length").flatMap { Int64($0) } ?? -1
      if declared > Int64(limit) { return Stop(failure: WebGet.tooLarge(limit, declared: declared)) }
      // A compressed body's announced length is not the length it will have.
      state.expected = head.headers.first(name: "content-encoding") == nil ? declared : -1
      state.keepsBody = true
      return nil
    }
  }

  /// One part of the body, copied; a failure stops the GET.
  func take(part buffer: ByteBuffer) -> Stop? {
    let outcome: Result<(received: Int, expected: Int64)?, Stop> = state.withLock { state in
      guard state.keepsBody else {
        state.dropped += buffer.readableBytes
        // A redirect's long body: the redirect is still followed (`didFinishRequest` is not told, the head is kept).
        return state.dropped > Self.redirectBodyLimit ? .failure(Stop(failure: Self.redirectTooLong)) : .success(nil)
      }
      guard state.body.count + buffer.readableBytes <= limit else {
        return .failure(Stop(failure: WebGet.tooLarge(limit, declared: nil)))
      }
      state.body.append(contentsOf: buffer.readableBytesView)
      if !state.sniffed, state.body.count >= PictureSniffer.prefixLength {
        state.sniffed = true
        if let problem = PictureSniffer.problem(with: state.body) {
          return .failure(Stop(failure: WebFailure(.unsupportedFormat, problem)))
        }
      }
      return .success((state.body.count, state.expected))
    }
    switch outcome {
    case .failure(let stop): return stop
    case .success(let told):
      if let told { progress?(told.received, told.expected) }
      return nil
    }
  }

  /// The whole answer, once its end has arrived.
  func reply() throws -> Reply {
    try state.withLock { state in
      guard let head = state.head else { throw HTTPClientError.remoteConnectionClosed }
      if state.keepsBody, !state.sniffed, let problem = PictureSniffer.problem(with: state.body) {
        throw Stop(failure: WebFailure(.unsupportedFormat, problem))
      }
      return Reply(head: head, body: state.body)
    }
  }

  /// The head of a redirect whose body was too long to drain: still followed.
  var redirectHead: HTTPResponseHead? {
    state.withLock { state in state.head.flatMap { isRedirect($0) ? $0 : nil } }
  }

  private static let redirectTooLong = WebFailure(.network, "a redirect's body too long to drain")
}
