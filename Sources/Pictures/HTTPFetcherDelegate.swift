import Foundation
import Locking

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// URLSession's side of ``HTTPFetcher``: checks each answer as it arrives (status, declared and actual length, the
/// first bytes, redirects) and ends the fetch at the first problem, without waiting for the rest of the body.
final class HTTPFetcherDelegate: NSObject, URLSessionDataDelegate, Sendable {
  /// Set once, right after the session is made (the session keeps its delegate; the fetcher breaks the cycle
  /// by invalidating the session when it shuts down).
  let fetcher = Locked<HTTPFetcher?>(nil)

  private var owner: HTTPFetcher? { fetcher.withLock { $0 } }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let owner else { return completionHandler(.cancel) }
    let limit = owner.configuration.maximumBodyBytes
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let expected = response.expectedContentLength
    guard
      let serial = owner.withFetch(
        of: dataTask,
        { fetch in
          fetch.answered = true
          fetch.expectedBytes = expected
        })?.serial
    else { return completionHandler(.cancel) }
    if !(200..<300).contains(status) {
      completionHandler(.cancel)
      let words = HTTPURLResponse.localizedString(forStatusCode: status)
      return owner.finish(serial, .failure(PictureFailure(.httpStatus, "the server answered \(status) (\(words))")))
    }
    if expected > Int64(limit) {
      completionHandler(.cancel)
      return owner.finish(serial, .failure(Self.tooLarge(limit, declared: expected)))
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let owner else { return }
    let limit = owner.configuration.maximumBodyBytes
    guard
      let (serial, problem) = owner.withFetch(
        of: dataTask,
        { fetch -> PictureFailure? in
          guard fetch.body.count + data.count <= limit else { return Self.tooLarge(limit, declared: nil) }
          fetch.body.append(contentsOf: data)
          if !fetch.sniffed, fetch.body.count >= PictureSniffer.prefixLength {
            fetch.sniffed = true
            if let problem = PictureSniffer.problem(with: fetch.body) {
              return PictureFailure(.unsupportedFormat, problem)
            }
          }
          return nil
        })
    else { return }
    if let problem { owner.finish(serial, .failure(problem)) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    guard let owner, let (serial, body) = owner.withFetch(of: task, { $0.body }) else { return }
    if let error {
      return owner.finish(serial, .failure(Self.failure(for: error)), hostDown: Self.isHostDown(error))
    }
    if let problem = PictureSniffer.problem(with: body) {
      return owner.finish(serial, .failure(PictureFailure(.unsupportedFormat, problem)))
    }
    owner.finish(serial, .success(body))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // A fetch that ended had its task cancelled, and FoundationNetworking stops the process (a fatal error) when a
    // redirect's answer reaches a task cancelled while its delegate was deciding: so a redirect is answered only
    // under the fetcher's lock while its fetch is active (ending a fetch takes that lock before it cancels, so the
    // answer is queued first), and a fetch that ends here is cancelled without an answer.
    guard let owner else { return }
    let maximum = owner.configuration.maximumRedirects
    guard
      let (serial, redirects) = owner.withFetch(
        of: task,
        { fetch -> Int in
          fetch.redirects += 1
          return fetch.redirects
        })
    else { return }
    // The next server gets its own time to answer, within the total limit.
    owner.watchAnswer(serial, hop: redirects)
    let scheme = request.url?.scheme?.lowercased()
    if redirects > maximum {
      return owner.finish(serial, .failure(PictureFailure(.badRedirect, "more than \(maximum) redirects (a loop?)")))
    }
    guard scheme == "http" || scheme == "https" else {
      return owner.finish(serial, .failure(PictureFailure(.badRedirect, "a redirect to something not http(s)")))
    }
    _ = owner.withFetch(of: task) { _ in completionHandler(request) }
  }

  private static func tooLarge(_ limit: Int, declared: Int64?) -> PictureFailure {
    let what = declared.map { "declared \($0) bytes" } ?? "grew"
    return PictureFailure(.bodyTooLarge, "the body \(what) past the limit of \(limit) bytes")
  }

  /// Whether the host itself could not be reached (so its other pictures need not try now).
  static func isHostDown(_ error: any Error) -> Bool {
    guard let error = error as? URLError else { return false }
    return [.cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet].contains(error.code)
  }

  /// URLSession's error in words; never its description, which can hold the whole URL.
  static func failure(for error: any Error) -> PictureFailure {
    guard let error = error as? URLError else { return PictureFailure(.network, "the fetch failed") }
    switch error.code {
    case .timedOut: return PictureFailure(.timedOut, "the server took too long")
    case .cannotFindHost, .dnsLookupFailed: return PictureFailure(.network, "cannot find the host")
    case .cannotConnectToHost: return PictureFailure(.network, "the connection was refused")
    case .networkConnectionLost: return PictureFailure(.network, "the connection was lost (reset)")
    case .notConnectedToInternet: return PictureFailure(.network, "no network")
    case .badServerResponse, .zeroByteResource: return PictureFailure(.network, "a broken answer from the server")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return PictureFailure(.network, "the secure connection failed")
    case .httpTooManyRedirects, .redirectToNonExistentLocation:
      return PictureFailure(.badRedirect, "a bad redirect")
    default: return PictureFailure(.network, "the fetch failed (URL error \(error.code.rawValue))")
    }
  }
}

extension PictureFailure {
  /// URLSession's error in words, as a picture's fetch says it (the HTTP feeds say theirs the same way).
  public init(urlSessionError error: any Error) { self = HTTPFetcherDelegate.failure(for: error) }
}
