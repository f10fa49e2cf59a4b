import Foundation

/// An address's scheme, read in one place for every caller: a dataset's `img`, a feed's address, its pages'
/// pictures and every redirect's target. Four copies of this test had drifted apart (issue 31).
public enum URLScheme: Hashable, Sendable {
  case http
  case https
  case file
  /// Any other scheme, in lower case.
  case other(String)

  /// The scheme `text` starts with, in any case; nil for a plain path. One letter before the colon is a Windows
  /// drive (`C:\shop\1.jpg`), not a scheme.
  public init?(of text: some StringProtocol) {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let name = text[..<colon]
    guard name.count > 1, let first = name.first, first.isASCII, first.isLetter,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    switch name.lowercased() {
    case "http": self = .http
    case "https": self = .https
    case "file": self = .file
    case let other: self = .other(other)
    }
  }

  /// The scheme of a parsed address (a redirect's target, a page resolved against its feed).
  public init?(of url: URL) { self.init(of: url.absoluteString) }

  /// http or https: what the fetchers fetch, and nothing else.
  public var isWeb: Bool { self == .http || self == .https }
}
