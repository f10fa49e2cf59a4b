import Foundation

/// URLs as they may be shown: a `user:password@` part is replaced, so credentials never reach the screen.
public enum RedactedURL {
  public static func text(_ url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let authorityStart = schemeEnd.upperBound
    let rest = url[authorityStart...]
    let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
    // The last @ of the authority ends the user information (a password may itself hold an @).
    guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
    return String(url[..<authorityStart]) + "***@" + String(rest[rest.index(after: at)...])
  }
}
