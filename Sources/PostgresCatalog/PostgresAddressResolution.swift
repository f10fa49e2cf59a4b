import Foundation

/// A setting that cannot make an address: which part, and why.
struct AddressError: Error {
  enum Kind { case port, other }
  var kind: Kind = .other
  var reason: String
}

/// libpq's order for each setting: the connection string, then its service's, then the PG* variable, then the
/// default (`conninfo_add_defaults`, `connectOptions2`).
struct AddressResolution {
  var given: PostgresConnectionString
  var environment: [String: String]
  /// The service file's settings, when a service is named.
  private var service: [String: String] = [:]

  init(given: PostgresConnectionString, environment: [String: String]) throws(AddressError) {
    (self.given, self.environment) = (given, environment)
    if let name = given["service"] ?? variable("PGSERVICE") {
      service = try PostgresServiceFile.settings(
        of: name, userFile: given["servicefile"] ?? variable("PGSERVICEFILE") ?? home.map { $0 + "/.pg_service.conf" },
        systemFolder: variable("PGSYSCONFDIR") ?? PostgresServiceFile.debianSystemFolder)
    }
  }

  /// Each keyword's variable, as libpq names them.
  static let variables: [String: String] = [
    "host": "PGHOST", "hostaddr": "PGHOSTADDR", "port": "PGPORT", "user": "PGUSER", "password": "PGPASSWORD",
    "passfile": "PGPASSFILE", "dbname": "PGDATABASE", "sslmode": "PGSSLMODE", "sslrootcert": "PGSSLROOTCERT",
    "application_name": "PGAPPNAME", "connect_timeout": "PGCONNECT_TIMEOUT", "options": "PGOPTIONS",
    "sslcert": "PGSSLCERT", "sslkey": "PGSSLKEY", "sslcrl": "PGSSLCRL", "sslcrldir": "PGSSLCRLDIR",
    "client_encoding": "PGCLIENTENCODING", "target_session_attrs": "PGTARGETSESSIONATTRS",
    "require_auth": "PGREQUIREAUTH", "requirepeer": "PGREQUIREPEER", "channel_binding": "PGCHANNELBINDING",
    "gssencmode": "PGGSSENCMODE", "sslsni": "PGSSLSNI", "sslcertmode": "PGSSLCERTMODE",
    "load_balance_hosts": "PGLOADBALANCEHOSTS", "sslnegotiation": "PGSSLNEGOTIATION",
    "ssl_min_protocol_version": "PGSSLMINPROTOCOLVERSION", "ssl_max_protocol_version": "PGSSLMAXPROTOCOLVERSION",
  ]

  /// Keywords this client honours by ignoring them with these values (what libpq does by default, or what only
  /// tunes a connection); nil: any value. Another keyword of libpq's is refused when given.
  static let harmless: [String: Set<String>?] = [
    "keepalives": nil, "keepalives_idle": nil, "keepalives_interval": nil, "keepalives_count": nil,
    "tcp_user_timeout": nil, "sslcompression": nil, "krbsrvname": nil, "gsslib": nil, "gssdelegation": nil,
    "client_encoding": ["UTF8", "utf8", "UTF-8", "utf-8", "auto"], "target_session_attrs": ["any"],
    "load_balance_hosts": ["disable"], "sslsni": ["1"], "gssencmode": ["disable", "prefer"],
    "channel_binding": ["disable", "prefer"], "sslnegotiation": ["postgres"], "sslcertmode": ["disable", "allow"],
  ]

  /// Keywords read into the address.
  static let understood: Set<String> = [
    "service", "servicefile", "user", "password", "passfile", "connect_timeout", "dbname", "host", "hostaddr", "port",
    "options", "application_name", "fallback_application_name", "sslmode", "sslrootcert",
  ]

  private func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }

  /// `$HOME`, else the account's home folder (libpq's `pqGetHomeDirectory`).
  var home: String? {
    if let home = variable("HOME") { return home }
    guard let entry = getpwuid(geteuid()), let folder = entry.pointee.pw_dir else { return nil }
    return String(cString: folder)
  }

  /// The setting's value from the connection string, its service, or its variable; an empty one is unset.
  func value(_ keyword: String) -> String? {
    if let given = given[keyword], !given.isEmpty { return given }
    if let fromService = service[keyword], !fromService.isEmpty { return fromService }
    return Self.variables[keyword].flatMap(variable)
  }

  func address() throws(AddressError) -> PostgresAddress {
    try refuseUnsupported()
    let user = value("user") ?? Self.loginName ?? "postgres"
    let database = value("dbname") ?? user
    let endpoints = try self.endpoints()
    let sslRootCertificate = value("sslrootcert")
    let modeText = value("sslmode") ?? (sslRootCertificate == "system" ? "verify-full" : "prefer")
    guard let tls = PostgresAddress.TLSMode(rawValue: modeText) else {
      throw AddressError(reason: "sslmode must be disable, allow, prefer, require, verify-ca or verify-full")
    }
    let trustedRoots = try trustedRoots(sslRootCertificate, tls: tls)
    var address = PostgresAddress(
      endpoints: endpoints, user: user, password: value("password"), database: database, tls: tls,
      trustedRoots: trustedRoots)
    address.applicationName = value("application_name") ?? value("fallback_application_name")
    if let timeout = value("connect_timeout") {
      guard let seconds = Int(timeout.trimmingCharacters(in: .whitespaces)) else {
        throw AddressError(reason: "invalid integer value \"\(timeout)\" for connection option \"connect_timeout\"")
      }
      address.connectTimeout = max(seconds, 0)
    }
    address.serverOptions = try serverOptions()
    if address.password == nil { try readPasswordFile(into: &address) }
    return address
  }

  /// The login name (libpq's `pg_fe_getauthname`: the effective user's account, not $USER).
  static var loginName: String? {
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }

  private func refuseUnsupported() throws(AddressError) {
    for keyword in PostgresKeyword.all.sorted() where !Self.understood.contains(keyword) {
      guard let setting = value(keyword) else { continue }
      if let allowed = Self.harmless[keyword], allowed == nil || allowed!.contains(setting) { continue }
      let source = given[keyword] != nil || service[keyword] != nil ? "" : " (\(Self.variables[keyword] ?? ""))"
      throw AddressError(reason: "\(keyword)=\(setting)\(source) is not supported by this client")
    }
  }

  /// The servers in order: `host` and `hostaddr` lists (one port for all, or one each); an empty host is the
  /// default socket folder, Debian's then `/tmp`.
  private func endpoints() throws(AddressError) -> [PostgresAddress.Endpoint] {
    let hostText = value("host")
    let addressText = value("hostaddr")
    var hosts = hostText.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? [""]
    var hostAddresses = addressText.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    if let given = hostAddresses {
      if hostText == nil {
        hosts = Array(repeating: "", count: given.count)
      } else if given.count != hosts.count {
        throw AddressError(reason: "could not match \(hosts.count) host names to \(given.count) hostaddr values")
      }
    }
    hostAddresses = hostAddresses ?? Array(repeating: "", count: hosts.count)
    let portTexts = value("port").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    let ports: [Int]
    switch portTexts {
    case nil: ports = Array(repeating: 5432, count: hosts.count)
    case let texts? where texts.count == 1: ports = Array(repeating: try Self.port(texts[0]), count: hosts.count)
    case let texts? where texts.count == hosts.count:
      ports = try texts.map { text throws(AddressError) in try Self.port(text) }
    case let texts?: throw AddressError(reason: "could not match \(texts.count) port numbers to \(hosts.count) hosts")
    }
    var endpoints: [PostgresAddress.Endpoint] = []
    for ((host, hostAddress), port) in zip(zip(hosts, hostAddresses!), ports) {
      if !hostAddress.isEmpty {
        guard Self.isNumericAddress(hostAddress) else {
          throw AddressError(reason: "could not parse network address \"\(hostAddress)\" (hostaddr)")
        }
        endpoints.append(.init(host: host, hostAddress: hostAddress, port: port))
      } else if host.isEmpty {
        endpoints += PostgresPasswordFile.defaultSocketFolders.map { PostgresAddress.Endpoint(host: $0, port: port) }
      } else {
        endpoints.append(.init(host: host, port: port))
      }
    }
    return endpoints
  }

  /// A port: empty is 5432; else a number from 1 to 65535.
  private static func port(_ text: String) throws(AddressError) -> Int {
    if text.isEmpty { return 5432 }
    guard let port = Int(text), (1...65535).contains(port) else {
      throw AddressError(kind: .port, reason: "the port must be a number from 1 to 65535, not \"\(text)\"")
    }
    return port
  }

  private static func isNumericAddress(_ text: String) -> Bool {
    var ipv4 = in_addr()
    var ipv6 = in6_addr()
    return inet_pton(AF_INET, text, &ipv4) == 1 || inet_pton(AF_INET6, text, &ipv6) == 1
  }

  /// libpq's roots: `sslrootcert` (a file, or `system`, which allows only `verify-full`), else
  /// `~/.postgresql/root.crt` when it is there; `verify-ca` and `verify-full` need one.
  private func trustedRoots(
    _ given: String?, tls: PostgresAddress.TLSMode
  ) throws(AddressError) -> PostgresAddress.TrustedRoots? {
    if given == "system" {
      guard tls == .verifyFull else {
        throw AddressError(
          reason: "weak sslmode \"\(tls.rawValue)\" may not be used with sslrootcert=system (use \"verify-full\")")
      }
      return .system
    }
    let path = given ?? home.map { $0 + "/.postgresql/root.crt" }
    if let path, FileManager.default.fileExists(atPath: path) { return .file(path) }
    guard tls != .verifyCA && tls != .verifyFull else {
      throw AddressError(
        reason: "root certificate file \"\(path ?? "~/.postgresql/root.crt")\" does not exist: give one "
          + "(sslrootcert), use the system's with sslrootcert=system, or a weaker sslmode")
    }
    return nil
  }

  /// `options`, passed on when each word is a `-c name=value` (or `--name=value`) setting; client_encoding is
  /// refused, since this client reads text as UTF-8.
  private func serverOptions() throws(AddressError) -> String? {
    guard let text = value("options") else { return nil }
    var words: [String] = []
    var word = ""
    var escaped = false
    for character in text {
      if escaped {
        word.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character.isWhitespace {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        word.append(character)
      }
    }
    if !word.isEmpty { words.append(word) }
    var settings: [String] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      if word == "-c", index + 1 < words.count {
        settings.append(words[index + 1])
        index += 2
      } else if word.hasPrefix("-c") && word.count > 2 {
        settings.append(String(word.dropFirst(2)))
        index += 1
      } else if word.hasPrefix("--") {
        settings.append(String(word.dropFirst(2)))
        index += 1
      } else {
        throw AddressError(reason: "options: only -c name=value settings are passed to the server, not \"\(word)\"")
      }
    }
    for setting in settings {
      guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
        throw AddressError(reason: "options: \"\(setting)\" is not a name=value setting")
      }
      let name = setting[..<equals].lowercased().replacingOccurrences(of: "-", with: "_")
      guard name != "client_encoding" else {
        throw AddressError(reason: "options: client_encoding is not supported (this client reads UTF-8)")
      }
    }
    return text
  }

  /// The password file's password for each server (`passfile`, PGPASSFILE, `~/.pgpass`), when it may be read.
  private func readPasswordFile(into address: inout PostgresAddress) throws(AddressError) {
    guard let path = value("passfile") ?? home.map({ $0 + "/.pgpass" }) else { return }
    guard let file = PostgresPasswordFile.read(path) else { return }
    switch file {
    case .ignored(let warning): address.warnings.append(warning)
    case .entries(let entries):
      for index in address.endpoints.indices {
        let endpoint = address.endpoints[index]
        let host = endpoint.host.isEmpty ? endpoint.hostAddress ?? "" : endpoint.host
        address.endpoints[index].filePassword = PostgresPasswordFile.password(
          in: entries, host: host, port: endpoint.port, database: address.database, user: address.user)
      }
    }
  }
}
