/// A libpq connection string read into its settings, before defaults: the URI form
/// (`postgresql://user:password@host:port,host2/dbname?key=value`) or the keyword/value form
/// (`host=/var/run/postgresql dbname='my shop'`), read as libpq's `conninfo_uri_parse` and `conninfo_parse` do,
/// refusing what they refuse in their words.
struct PostgresConnectionString: Equatable {
  /// The settings in the order written; a later one replaces an earlier one of the same keyword, as in libpq.
  private(set) var settings: [(keyword: String, value: String)] = []

  static func == (left: Self, right: Self) -> Bool {
    left.settings.elementsEqual(right.settings) { $0 == $1 }
  }

  /// The last value given for `keyword`.
  subscript(keyword: String) -> String? {
    settings.last { $0.keyword == keyword }?.value
  }

  /// Whether `text` starts as a libpq URI (`postgresql://`, `postgres://`; of any case, as a URL's scheme).
  static func isURI(_ text: String) -> Bool {
    uriPrefixLength(text) != nil
  }

  private static func uriPrefixLength(_ text: String) -> Int? {
    let lowered = text.prefix(13).lowercased()
    if lowered.hasPrefix("postgresql://") { return 13 }
    if lowered.hasPrefix("postgres://") { return 11 }
    return nil
  }

  /// Whether `text` is a keyword/value connection string rather than a file name: its first word is one of
  /// libpq's keywords followed by `=` (`dbname=shop`, `host = /tmp`).
  static func isKeywordValue(_ text: String) -> Bool {
    let trimmed = text.drop { $0.isWhitespace }
    guard let equals = trimmed.firstIndex(of: "=") else { return false }
    let keyword = trimmed[..<equals].trimmingSuffix { $0.isWhitespace }
    return PostgresKeyword.all.contains(String(keyword))
  }

  /// The settings `text` gives, or libpq's reason for refusing it.
  static func parse(_ text: String) -> Result<PostgresConnectionString, ConnectionStringError> {
    do {
      if let prefix = uriPrefixLength(text) {
        return .success(try parseURI(Array(text.utf8), prefixLength: prefix, whole: text))
      }
      return .success(try parseKeywordValue(Array(text.utf8)))
    } catch {
      return .failure(error)
    }
  }

  /// A connection string libpq refuses, in libpq's words.
  struct ConnectionStringError: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
  }

  private mutating func store(_ keyword: String, _ value: String) throws(ConnectionStringError) {
    guard PostgresKeyword.all.contains(keyword) else {
      throw ConnectionStringError("invalid connection option \"\(keyword)\"")
    }
    settings.removeAll { $0.keyword == keyword }
    settings.append((keyword, value))
  }

  // MARK: keyword/value

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

  private static func parseKeywordValue(_ bytes: [UInt8]) throws(ConnectionStringError) -> PostgresConnectionString {
    var result = PostgresConnectionString()
    var index = 0
    func text(_ slice: [UInt8]) -> String { String(decoding: slice, as: UTF8.self) }
    while index < bytes.count {
      if isSpace(bytes[index]) {
        index += 1
        continue
      }
      // The keyword runs to `=` or to blanks, which may come before the `=`.
      let keywordStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "="), !isSpace(bytes[index]) { index += 1 }
      let keyword = text(Array(bytes[keywordStart..<index]))
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw ConnectionStringError("missing \"=\" after \"\(keyword)\" in connection info string")
      }
      index += 1
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      var value: [UInt8] = []
      if index < bytes.count, bytes[index] == UInt8(ascii: "'") {
        // Quoted: up to the next unescaped quote; a backslash takes the next byte as it is.
        index += 1
        while true {
          guard index < bytes.count else {
            throw ConnectionStringError("unterminated quoted string in connection info string")
          }
          let byte = bytes[index]
          index += 1
          if byte == UInt8(ascii: "\\") {
            if index < bytes.count {
              value.append(bytes[index])
              index += 1
            }
          } else if byte == UInt8(ascii: "'") {
            break
          } else {
            value.append(byte)
          }
        }
      } else {
        // Unquoted: up to a blank; a backslash takes the next byte as it is (a blank too).
        while index < bytes.count, !isSpace(bytes[index]) {
          if bytes[index] == UInt8(ascii: "\\") {
            index += 1
            if index < bytes.count { value.append(bytes[index]) }
          } else {
            value.append(bytes[index])
          }
          index += 1
        }
      }
      try result.store(keyword, text(value))
    }
    return result
  }

  // MARK: URI

  private static func parseURI(
    _ bytes: [UInt8], prefixLength: Int, whole: String
  ) throws(ConnectionStringError) -> PostgresConnectionString {
    var result = PostgresConnectionString()
    let start = prefixLength
    var index = start
    func at(_ position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }
    func slice(_ range: Range<Int>) -> [UInt8] { Array(bytes[range]) }

    // Credentials: `user[:password]@`, looked for before the first `/` (a `?` does not end the search, as in libpq).
    var look = start
    while let byte = at(look), byte != UInt8(ascii: "@"), byte != UInt8(ascii: "/") { look += 1 }
    if at(look) == UInt8(ascii: "@") {
      var cursor = start
      while bytes[cursor] != UInt8(ascii: ":"), bytes[cursor] != UInt8(ascii: "@") { cursor += 1 }
      let user = slice(start..<cursor)
      if !user.isEmpty { try result.store("user", try decoded(user)) }
      if bytes[cursor] == UInt8(ascii: ":") {
        let passwordStart = cursor + 1
        cursor = look
        let password = slice(passwordStart..<cursor)
        if !password.isEmpty { try result.store("password", try decoded(password)) }
      }
      index = look + 1
    }

    // Hosts: `host[:port]` pairs separated by commas, an IPv6 literal in brackets.
    var hosts: [UInt8] = []
    var ports: [UInt8] = []
    var terminator: UInt8?
    while true {
      let host: [UInt8]
      if at(index) == UInt8(ascii: "[") {
        let hostStart = index + 1
        index = hostStart
        while let byte = at(index), byte != UInt8(ascii: "]") { index += 1 }
        guard index < bytes.count else {
          throw ConnectionStringError(
            "end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"\(whole)\"")
        }
        guard index > hostStart else {
          throw ConnectionStringError("IPv6 host address may not be empty in URI: \"\(whole)\"")
        }
        host = slice(hostStart..<index)
        index += 1
        if let byte = at(index), !":/?,".utf8.contains(byte) {
          throw ConnectionStringError(
            "unexpected character \"\(Character(Unicode.Scalar(byte)))\" at position \(index + 1) in URI "
              + "(expected \":\" or \"/\"): \"\(whole)\"")
        }
      } else {
        let hostStart = index
        while let byte = at(index), !":/?,".utf8.contains(byte) { index += 1 }
        host = slice(hostStart..<index)
      }
      hosts += host
      terminator = at(index)
      if terminator == UInt8(ascii: ":") {
        let portStart = index + 1
        index = portStart
        while let byte = at(index), !"/?,".utf8.contains(byte) { index += 1 }
        ports += slice(portStart..<index)
        terminator = at(index)
      }
      guard terminator == UInt8(ascii: ",") else { break }
      index += 1
      hosts.append(UInt8(ascii: ","))
      ports.append(UInt8(ascii: ","))
    }
    if !hosts.isEmpty { try result.store("host", try decoded(hosts)) }
    if !ports.isEmpty { try result.store("port", try decoded(ports)) }

    // The database: after a `/`, up to the parameters; an empty one is left unset (PGDATABASE still counts).
    if let ending = terminator, ending != UInt8(ascii: "?") {
      let databaseStart = index + 1
      index = databaseStart
      while let byte = at(index), byte != UInt8(ascii: "?") { index += 1 }
      let database = slice(databaseStart..<index)
      if !database.isEmpty { try result.store("dbname", try decoded(database)) }
      terminator = at(index)
    }
    if terminator != nil {
      try result.parseQuery(slice((index + 1)..<bytes.count))
    }
    return result
  }

  /// `key=value` pairs joined by `&`, each percent-decoded; `ssl=true` is JDBC's `sslmode=require`, as libpq reads it.
  private mutating func parseQuery(_ bytes: [UInt8]) throws(ConnectionStringError) {
    var pairs = bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
    // A trailing `&` (or a bare `?`) ends the parameters; an empty one before another is refused.
    if pairs.last?.isEmpty == true { pairs.removeLast() }
    for pair in pairs {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let keywordText = String(decoding: parts[0], as: UTF8.self)
      guard parts.count == 2 else {
        throw ConnectionStringError("missing key/value separator \"=\" in URI query parameter: \"\(keywordText)\"")
      }
      guard !parts[1].contains(UInt8(ascii: "=")) else {
        throw ConnectionStringError("extra key/value separator \"=\" in URI query parameter: \"\(keywordText)\"")
      }
      var keyword = try Self.decoded(Array(parts[0]))
      var value = try Self.decoded(Array(parts[1]))
      if keyword == "ssl" && value == "true" { (keyword, value) = ("sslmode", "require") }
      guard PostgresKeyword.all.contains(keyword) else {
        throw ConnectionStringError("invalid URI query parameter: \"\(keyword)\"")
      }
      try store(keyword, value)
    }
  }

  /// Percent-decoded as libpq does: every `%` followed by two hex digits, never `%00`; the bytes must be UTF-8.
  private static func decoded(_ bytes: [UInt8]) throws(ConnectionStringError) -> String {
    let whole = String(decoding: bytes, as: UTF8.self)
    var result: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%") else {
        result.append(bytes[index])
        index += 1
        continue
      }
      guard index + 2 < bytes.count, let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2])
      else {
        throw ConnectionStringError("invalid percent-encoded token: \"\(whole)\"")
      }
      let byte = high << 4 | low
      guard byte != 0 else { throw ConnectionStringError("forbidden value %00 in percent-encoded value: \"\(whole)\"") }
      result.append(byte)
      index += 3
    }
    guard let text = String(validating: result, as: UTF8.self) else {
      throw ConnectionStringError("not UTF-8 once percent-decoded: \"\(whole)\"")
    }
    return text
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// libpq's connection keywords (its `PQconninfoOptions`, PostgreSQL 18): a keyword outside this list is refused as
/// unknown; one inside it that this client cannot honour is refused by name when given (`PostgresAddress`).
enum PostgresKeyword {
  static let all: Set<String> = [
    "service", "servicefile", "user", "password", "passfile", "require_auth", "channel_binding", "connect_timeout",
    "dbname", "host", "hostaddr", "port", "client_encoding", "options", "application_name",
    "fallback_application_name", "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
    "tcp_user_timeout", "sslmode", "sslnegotiation", "sslcompression", "sslcert", "sslkey", "sslcertmode",
    "sslpassword", "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer", "ssl_min_protocol_version",
    "ssl_max_protocol_version", "gssencmode", "krbsrvname", "gsslib", "gssdelegation", "replication",
    "target_session_attrs", "load_balance_hosts", "min_protocol_version", "max_protocol_version",
    "scram_client_key", "scram_server_key", "oauth_issuer", "oauth_client_id", "oauth_client_secret", "oauth_scope",
  ]
}

extension Substring {
  fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
    var end = endIndex
    while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
    return self[startIndex..<end]
  }
}
