import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import Pictures

/// A plain-http GET through an HTTP proxy, sent as curl and browsers send it: `GET http://host/path HTTP/1.1` to
/// the proxy (the absolute form, RFC 9112 §3.2.2). AsyncHTTPClient tunnels every request with `CONNECT`, which a
/// default squid allows to port 443 only. One connection per request, closed after its answer.
enum AbsoluteFormGet {
  static func fetch(
    _ request: HTTPClient.Request, through proxy: HTTPClient.Configuration.Proxy, _ taker: WebResponseTaker,
    network: NetworkConfiguration, by deadline: NIODeadline
  ) async throws -> WebResponseTaker.Reply {
    let head = requestHead(request, proxyAuthorization: proxy.authorization)
    let loop = MultiThreadedEventLoopGroup.singleton.next()
    let promise = loop.makePromise(of: WebResponseTaker.Reply.self)
    let bodyLimit = network.maximumBodyBytes
    let connected = ClientBootstrap(group: loop)
      .connectTimeout(TimeAmount(network.connectTimeout))
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          let operations = channel.pipeline.syncOperations
          try operations.addHTTPClientHandlers()
          try operations.addHandler(NIOHTTPResponseDecompressor(limit: .size(bodyLimit)))
          try operations.addHandler(AnswerHandler(head: head, taker: taker, promise: promise))
        }
      }
      .connect(host: proxy.host, port: proxy.port)
    connected.whenFailure { promise.fail($0) }
    let timer = loop.scheduleTask(deadline: deadline) { promise.fail(HTTPClientError.deadlineExceeded) }
    promise.futureResult.whenComplete { _ in
      timer.cancel()
      connected.whenSuccess { $0.close(promise: nil) }
    }
    return try await withTaskCancellationHandler {
      try await promise.futureResult.get()
    } onCancel: {
      promise.fail(CancellationError())
    }
  }

  /// The request line in absolute form (no fragment, no user information), `Host` first, as RFC 9112 asks, and
  /// the proxy's own credentials.
  static func requestHead(
    _ request: HTTPClient.Request, proxyAuthorization: HTTPClient.Authorization?
  ) -> HTTPRequestHead {
    var target = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
    target?.fragment = nil
    if target?.percentEncodedPath.isEmpty == true { target?.percentEncodedPath = "/" }
    var headers = HTTPHeaders()
    let host = request.url.host.map { $0.contains(":") ? "[\($0)]" : $0 } ?? ""
    headers.add(name: "Host", value: request.url.port.map { "\(host):\($0)" } ?? host)
    headers.add(contentsOf: request.headers)
    if let proxyAuthorization { headers.add(name: "Proxy-Authorization", value: proxyAuthorization.headerValue) }
    headers.add(name: "Connection", value: "close")
    return HTTPRequestHead(
      version: .http1_1, method: .GET, uri: target?.string ?? request.url.absoluteString, headers: headers)
  }

  /// Sends the request when the connection is up, hands the answer to the taker as it arrives, and completes the
  /// promise with the reply or the first failure.
  private final class AnswerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private let taker: WebResponseTaker
    private let promise: EventLoopPromise<WebResponseTaker.Reply>

    init(head: HTTPRequestHead, taker: WebResponseTaker, promise: EventLoopPromise<WebResponseTaker.Reply>) {
      (self.head, self.taker, self.promise) = (head, taker, promise)
    }

    func channelActive(context: ChannelHandlerContext) {
      context.write(wrapOutboundOut(.head(head)), promise: nil)
      context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
      context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      switch unwrapInboundIn(data) {
      case .head(let answer):
        // An interim answer (100 Continue) is not the answer.
        guard answer.status.code >= 200 else { return }
        if let stop = taker.take(head: answer) { finish(.failure(stop), context) }
      case .body(let part):
        if let stop = taker.take(part: part) { finish(.failure(stop), context) }
      case .end:
        finish(Result { try taker.reply() }, context)
      }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) { finish(.failure(error), context) }

    func channelInactive(context: ChannelHandlerContext) {
      promise.fail(HTTPClientError.remoteConnectionClosed)
      context.fireChannelInactive()
    }

    private func finish(_ result: Result<WebResponseTaker.Reply, any Error>, _ context: ChannelHandlerContext) {
      promise.completeWith(result)
      context.close(promise: nil)
    }
  }
}
