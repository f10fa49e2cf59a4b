import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

#if canImport(Glibc)
  import Glibc
#endif

extension WebGet {
  /// The client's error in words; never its description, which can hold the whole address.
  static func failure(for error: any Error) -> WebFailure {
    switch error {
    case let error as HTTPClientError:
      switch error {
      case .deadlineExceeded, .readTimeout: return WebFailure(.timedOut, "the server took too long")
      case .connectTimeout, .httpProxyHandshakeTimeout, .tlsHandshakeTimeout:
        return WebFailure(.timedOut, "the server took too long", hostDown: true)
      case .remoteConnectionClosed: return WebFailure(.network, "the connection was lost (reset)")
      case .invalidProxyResponse, .proxyAuthenticationRequired:
        return WebFailure(.network, "the proxy refused the connection")
      case .bodyLengthMismatch: return WebFailure(.network, "a broken answer from the server")
      case .invalidURL, .emptyHost, .emptyScheme: return WebFailure(.notLocal, "not a usable web address")
      default: return WebFailure(.network, "the fetch failed")
      }
    case let error as NIOConnectionError:
      if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
        return WebFailure(.network, "cannot find the host", hostDown: true)
      }
      return WebFailure(.network, "the connection was refused", hostDown: true)
    case let error as IOError where error.errnoCode == ECONNREFUSED:
      return WebFailure(.network, "the connection was refused", hostDown: true)
    case let error as IOError where error.errnoCode == ECONNRESET || error.errnoCode == EPIPE:
      return WebFailure(.network, "the connection was lost (reset)")
    case let error as ChannelError:
      if case .connectTimeout = error { return WebFailure(.timedOut, "the server took too long", hostDown: true) }
      return WebFailure(.network, "the connection was lost (reset)")
    case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
      return WebFailure(.network, "the secure connection failed")
    case let error as NIOHTTPDecompression.DecompressionError where error == .limit:
      return WebFailure(.bodyTooLarge, "the body grew past the limit")
    case is NIOHTTPDecompression.DecompressionError, is HTTPParserError:
      return WebFailure(.network, "a broken answer from the server")
    default:
      return WebFailure(.network, "the fetch failed")
    }
  }
}
