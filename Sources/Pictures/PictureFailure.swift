/// Why a picture could not be shown. Every bad file ends here, with a reason a person can read.
public struct PictureFailure: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// The item has no picture, or its `img` is neither a local file nor an http(s) URL.
    case notLocal
    case missing
    case notRegularFile
    case unreadable
    case empty
    /// Not JPEG, PNG, WebP or GIF (other formats are blocked on purpose: their decoders are not for untrusted input).
    case unsupportedFormat
    /// The header claims more pixels than the limit; refused before decoding.
    case tooLarge
    case decodingFailed
    case timedOut
    case renderingFailed
    /// No answer from the network: the host not found, the connection refused or reset, or no answer in time
    /// (time-outs are `timedOut`).
    case network
    /// The server answered with a status other than 2xx.
    case httpStatus
    /// More redirects than allowed, a redirect loop, or a redirect to something other than http(s).
    case badRedirect
    /// The body grew past the limit (stopped while it streamed in).
    case bodyTooLarge
    /// Offline, and the picture is not in the disk cache.
    case offline
  }

  public var kind: Kind
  public var reason: String

  public init(_ kind: Kind, _ reason: String) { (self.kind, self.reason) = (kind, reason) }

  public var description: String { reason }
}
