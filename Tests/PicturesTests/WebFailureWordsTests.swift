import AsyncHTTPClient
import NIOCore
import Testing

@testable import Pictures
@testable import WebFetch

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Network errors in words")
struct WebFailureWordsTests {
  @Test(
    "each client error becomes a failure kind with a reason that names no URL, and says when the host is down",
    arguments: [
      (IOError(errnoCode: ECONNREFUSED, reason: "connect") as any Error, PictureFailure.Kind.network, "refused", true),
      (IOError(errnoCode: ECONNRESET, reason: "read"), .network, "reset", false),
      (HTTPClientError.remoteConnectionClosed, .network, "reset", false),
      (HTTPClientError.connectTimeout, .timedOut, "too long", true),
      (ChannelError.connectTimeout(.seconds(5)), .timedOut, "too long", true),
      (HTTPClientError.readTimeout, .timedOut, "too long", false),
      (HTTPClientError.invalidURL, .notLocal, "not a usable web address", false),
    ])
  func words(error: any Error, kind: PictureFailure.Kind, words: String, hostDown: Bool) {
    let failure = WebGet.failure(for: error)
    #expect(failure.failure.kind == kind)
    #expect(failure.failure.reason.contains(words), "\(failure.failure.reason)")
    #expect(failure.hostDown == hostDown)
    #expect(!failure.failure.reason.contains("://"))
  }
}
