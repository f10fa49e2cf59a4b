/// A tape that cannot be run: what is wrong, and where.
public struct TapeError: Error, Hashable, Sendable, CustomStringConvertible {
  public var location: TapeLocation
  public var message: String

  /// Messages quote the tape's words, which may hold any character: control characters are shown escaped.
  public init(_ message: String, at location: TapeLocation) {
    (self.message, self.location) = (TextSanitizer.escapeVisibly(message), location)
  }

  /// `7:12: message`; the caller puts the file name in front.
  public var description: String { "\(location): \(message)" }
}
