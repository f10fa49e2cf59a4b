/// Why a picture could not be shown. Every bad file ends here, with a reason a person can read.
public struct PictureFailure: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// The item has no picture, or its `img` is not a local file (http(s) pictures are a later issue).
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
  }

  public var kind: Kind
  public var reason: String

  public init(_ kind: Kind, _ reason: String) { (self.kind, self.reason) = (kind, reason) }

  public var description: String { reason }
}
