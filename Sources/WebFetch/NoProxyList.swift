import Glibc

/// The hosts `no_proxy` sends direct, by curl's rules (its `lib/noproxy.c`, whose unit test 1614 is ported as
/// ours): a comma-separated list (blanks around entries and empty entries skipped); `*` alone for every host; a
/// name matches itself and its subdomains, case aside, a leading or trailing dot on either side ignored; an IPv4 or
/// IPv6 address matches an address or a CIDR block (`192.168.0.0/16`, `::1/64`), never as a name. One addition of
/// Go's and Python's: an entry with a port (`cdn.test:8080`) matches that port only, where curl never matches it.
struct NoProxyList: Sendable {
  private let entries: [Substring]
  private let everything: Bool

  init(_ text: String?) {
    let text = text ?? ""
    everything = text == "*"
    entries = Self.entries(of: text)
  }

  /// curl's reading of the list: entries between commas, blanks around them skipped; an entry ends at a blank, and
  /// anything after it but a comma ends the list (`localhost .example.com` is `localhost` alone).
  private static func entries(of text: String) -> [Substring] {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    var entries: [Substring] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      rest = rest.drop(while: isBlank)
      let entry = rest.prefix { !isBlank($0) && $0 != "," }
      if !entry.isEmpty { entries.append(entry) }
      rest = rest[entry.endIndex...].drop(while: isBlank)
      guard rest.first == "," else { break }
      rest = rest.drop { $0 == "," }
    }
    return entries
  }

  /// Whether a request to `host` (a name, an IPv4 address, or an IPv6 address with or without its brackets) on
  /// `port` goes direct.
  func sendsDirect(host: String, port: Int? = nil) -> Bool {
    if everything { return true }
    guard !host.isEmpty, !entries.isEmpty else { return false }
    let target = Target(host)
    return entries.contains { entry in
      var pattern = entry
      if let (withoutPort, entryPort) = Self.splitPort(entry) {
        guard entryPort == port else { return false }
        pattern = withoutPort
      }
      return target.matches(pattern)
    }
  }

  /// `host:port` or `[v6]:port` as its two parts; `nil` for an entry without a port (an IPv6 address, a CIDR block).
  private static func splitPort(_ entry: Substring) -> (Substring, Int)? {
    if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
      let rest = entry[entry.index(after: close)...]
      guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
      return (entry[entry.index(after: entry.startIndex)..<close], port)
    }
    guard let colon = entry.lastIndex(of: ":"), entry.firstIndex(of: ":") == colon,
      let port = Int(entry[entry.index(after: colon)...])
    else { return nil }
    return (entry[..<colon], port)
  }

  /// What a request names, as curl classifies it.
  private enum Target {
    case name(Substring)
    case ipv4(in_addr)
    case ipv6(in6_addr)

    init(_ host: String) {
      var bare = Substring(host)
      if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
      if let address = NoProxyList.ipv4(bare) {
        self = .ipv4(address)
      } else if let address = NoProxyList.ipv6(bare) {
        self = .ipv6(address)
      } else {
        self = .name(bare.hasSuffix(".") ? bare.dropLast() : bare)
      }
    }

    func matches(_ pattern: Substring) -> Bool {
      switch self {
      case .name(let name):
        var token = pattern
        if token.hasSuffix(".") { token = token.dropLast() }
        if token.hasPrefix(".") { token = token.dropFirst() }
        guard !token.isEmpty, token.count <= name.count else { return false }
        let tail = name.suffix(token.count)
        guard tail.lowercased() == token.lowercased() else { return false }
        return tail.startIndex == name.startIndex || name[name.index(before: tail.startIndex)] == "."
      case .ipv4(let address):
        guard let (network, bits) = NoProxyList.block(pattern), bits <= 32, let check = NoProxyList.ipv4(network)
        else { return false }
        let (host, net) = (UInt32(bigEndian: address.s_addr), UInt32(bigEndian: check.s_addr))
        guard bits != 0, bits != 32 else { return host == net }
        return (host ^ net) & (UInt32.max << (32 - bits)) == 0
      case .ipv6(let address):
        let unbracketed = pattern.hasPrefix("[") && pattern.hasSuffix("]") ? pattern.dropFirst().dropLast() : pattern
        guard let (network, bits) = NoProxyList.block(unbracketed), bits <= 128, let check = NoProxyList.ipv6(network)
        else { return false }
        let prefix = bits == 0 ? 128 : bits
        let (host, net) = (NoProxyList.bytes(address), NoProxyList.bytes(check))
        let whole = prefix / 8
        guard host.prefix(whole) == net.prefix(whole) else { return false }
        let rest = prefix % 8
        return rest == 0 || (host[whole] ^ net[whole]) & UInt8(truncatingIfNeeded: 0xFF << (8 - rest)) == 0
      }
    }
  }

  /// An address and its prefix length (0 when none is written, as curl reads it); `nil` when the length is not a
  /// number.
  private static func block(_ pattern: Substring) -> (Substring, Int)? {
    guard let slash = pattern.firstIndex(of: "/") else { return (pattern, 0) }
    guard let bits = Int(pattern[pattern.index(after: slash)...]), bits >= 0 else { return nil }
    return (pattern[..<slash], bits)
  }

  private static func ipv4(_ text: Substring) -> in_addr? {
    var address = in_addr()
    return inet_pton(AF_INET, String(text), &address) == 1 ? address : nil
  }

  private static func ipv6(_ text: Substring) -> in6_addr? {
    var address = in6_addr()
    return inet_pton(AF_INET6, String(text), &address) == 1 ? address : nil
  }

  private static func bytes(_ address: in6_addr) -> [UInt8] {
    withUnsafeBytes(of: address) { Array($0) }
  }
}
