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
    guard let host = url.host?.lowercased(), !bypasses(host, value("no_proxy")),
      let setting = value("\(scheme)_proxy") ?? value("all_proxy")
    else { return nil }
    return server(setting)
  }

  /// Whether `noProxy` (a comma-separated list of hosts and domains, or `*`) sends `host` direct.
  static func bypasses(_ host: String, _ noProxy: String?) -> Bool {
    guard let noProxy else { return false }
    for entry in noProxy.split(separator: ",") {
      var domain = entry.trimmingCharacters(in: .whitespaces).lowercased()
      if domain == "*" { return true }
      if let colon = domain.lastIndex(of: ":"), !domain.contains("]") { domain = String(domain[..<colon]) }
      while domain.hasPrefix(".") { domain.removeFirst() }
      if !domain.isEmpty, host == domain || host.hasSuffix("." + domain) { return true }
    }
    return false
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
      guard let user = parts.user else { return .server(host: host, port: port) }
      let password = parts.password?.removingPercentEncoding ?? ""
      let authorization = HTTPClient.Authorization.basic(
        username: user.removingPercentEncoding ?? user, password: password)
      return .server(host: host, port: port, authorization: authorization)
    default:
      return nil
    }
  }
}
