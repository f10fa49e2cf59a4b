import AsyncHTTPClient
import Foundation

/// The proxy for an address, from the variables curl reads: `http_proxy` for http, `https_proxy` for https,
/// `all_proxy` for either, `no_proxy` for the hosts that go direct (each in lower or upper case, lower first).
enum WebProxy {
  static func proxy(for url: URL, environment: [String: String]) -> HTTPClient.Configuration.Proxy? {
    func value(_ name: String) -> String? {
      let found = environment[name] ?? environment[name.uppercased()]
      return found?.isEmpty == false ? found : nil
    }
    let scheme = url.scheme?.lowercased() ?? ""
    guard let host = url.host, !NoProxyList(value("no_proxy")).sendsDirect(host: host, port: url.port),
      let setting = value("\(scheme)_proxy") ?? value("all_proxy")
    else { return nil }
    return server(setting)
  }

  /// `host:port`, `http://[user:password@]host[:port]` or `socks5://host[:port]`, as curl takes them (port 1080
  /// when none is given, as curl's default).
  static func server(_ setting: String) -> HTTPClient.Configuration.Proxy? {
    let text = setting.contains("://") ? setting : "http://" + setting
    guard let parts = URLComponents(string: text), let host = parts.host, !host.isEmpty else { return nil }
    let port = parts.port ?? 1080
    switch parts.scheme?.lowercased() {
    case "socks5", "socks5h", "socks":
      return .socksServer(host: host, port: port)
    case "http":
      // Decoded once: the percent-encoded parts, as written (`user` and `password` come decoded already).
      guard let user = parts.percentEncodedUser else { return .server(host: host, port: port) }
      let password = parts.percentEncodedPassword ?? ""
      let authorization = HTTPClient.Authorization.basic(
        username: user.removingPercentEncoding ?? user, password: password.removingPercentEncoding ?? password)
      return .server(host: host, port: port, authorization: authorization)
    default:
      return nil
    }
  }
}
