import Foundation
import Pictures

/// The `user:password@` of an address, sent (as Basic authorization) only to the host and port it was given for:
/// never to a redirect's or a link's other host.
struct WebCredentials: Sendable {
  let host: String
  let port: Int?
  let header: String

  init?(of url: URL) {
    // Decoded once, from the parts as written (`user` and `password` come decoded already).
    guard let parts = URLComponents(url: url, resolvingAgainstBaseURL: true), let user = parts.percentEncodedUser
    else { return nil }
    let password = parts.percentEncodedPassword ?? ""
    let pair = "\(user.removingPercentEncoding ?? user):\(password.removingPercentEncoding ?? password)"
    (host, port) = (parts.host?.lowercased() ?? "", Self.port(of: url))
    header = "Basic " + Data(pair.utf8).base64EncodedString()
  }

  func belongs(to url: URL) -> Bool { url.host?.lowercased() == host && Self.port(of: url) == port }

  private static func port(of url: URL) -> Int? {
    url.port ?? (URLScheme(of: url) == .https ? 443 : 80)
  }

  /// The address as sent: no user information in it (the credentials travel in the header).
  static func withoutUserInfo(_ url: URL) -> String {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true), parts.user != nil else {
      return url.absoluteString
    }
    parts.user = nil
    parts.password = nil
    return parts.string ?? url.absoluteString
  }
}
