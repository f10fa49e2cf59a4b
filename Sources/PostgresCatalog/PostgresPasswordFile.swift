import Foundation

/// libpq's password file (`~/.pgpass`, PGPASSFILE): `host:port:database:user:password` lines, `*` matching
/// anything, `\:` and `\\` standing for themselves; read only when no one else may (`passwordFromFile`).
enum PostgresPasswordFile {
  /// The file's lines, or why it is ignored.
  enum Contents: Equatable {
    case entries([String])
    case ignored(warning: String)
  }

  /// The socket folders tried when no host is given: Debian's libpq default, then upstream's.
  static let defaultSocketFolders = ["/var/run/postgresql", "/tmp"]

  /// The file at `path`, nil when it is not there; ignored with libpq's warning when it is not a plain file or
  /// its group or others may read it (mode 0600 or stricter is asked).
  static func read(_ path: String) -> Contents? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    // S_IFMT, S_IFREG; group and other bits (S_IRWXG | S_IRWXO).
    guard status.st_mode & 0o170000 == 0o100000 else {
      return .ignored(warning: "WARNING: password file \"\(path)\" is not a plain file")
    }
    guard status.st_mode & 0o077 == 0 else {
      return .ignored(
        warning: "WARNING: password file \"\(path)\" has group or world access; permissions should be u=rw (0600) "
          + "or less")
    }
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return .entries(
      String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" }
        .map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) })
  }

  /// The first line's password matching the server; `localhost` stands for no host and for the default socket
  /// folder, as in libpq.
  static func password(in lines: [String], host: String, port: Int, database: String, user: String) -> String? {
    let hostKey = host.isEmpty || defaultSocketFolders.contains(host) ? "localhost" : host
    let keys = [hostKey, String(port), database, user]
    for line in lines where !line.hasPrefix("#") {
      var rest = Substring(line)
      var matched = true
      for key in keys {
        guard let after = remainder(of: rest, matching: key) else {
          matched = false
          break
        }
        rest = after
      }
      guard matched else { continue }
      // The password runs to an unescaped `:` or the end, its backslashes taken off.
      var password = ""
      var escaped = false
      for character in rest {
        if escaped {
          password.append(character)
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == ":" {
          break
        } else {
          password.append(character)
        }
      }
      if escaped { password.append("\\") }
      return password
    }
    return nil
  }

  /// What follows the field at the start of `line` when it is `*` or is `token` (libpq's `pwdfMatchesString`).
  private static func remainder(of line: Substring, matching token: String) -> Substring? {
    if line.hasPrefix("*:") { return line.dropFirst(2) }
    var rest = line[...]
    var wanted = Substring(token)
    while var character = rest.first {
      var escaped = false
      if character == "\\" {
        rest = rest.dropFirst()
        guard let next = rest.first else { return nil }
        character = next
        escaped = true
      }
      if character == ":" && wanted.isEmpty && !escaped { return rest.dropFirst() }
      guard let expected = wanted.first, expected == character else { return nil }
      rest = rest.dropFirst()
      wanted = wanted.dropFirst()
    }
    return nil
  }
}

/// libpq's connection service file: `[name]` sections of `keyword=value` lines (`~/.pg_service.conf`,
/// PGSERVICEFILE, then the system's `pg_service.conf`).
enum PostgresServiceFile {
  /// Where Debian's libpq looks for the system file (PGSYSCONFDIR overrides it).
  static let debianSystemFolder = "/etc/postgresql-common"

  /// The settings of service `name`: the user's file first, then the system's; refused when neither has it.
  static func settings(
    of name: String, userFile: String?, systemFolder: String
  ) throws(AddressError) -> [String: String] {
    for path in [userFile, systemFolder + "/pg_service.conf"].compactMap({ $0 }) {
      guard FileManager.default.fileExists(atPath: path) else { continue }
      guard let data = FileManager.default.contents(atPath: path) else {
        throw AddressError(reason: "service file \"\(path)\" cannot be read")
      }
      if let settings = try section(name, of: String(decoding: data, as: UTF8.self), path: path) { return settings }
    }
    throw AddressError(reason: "definition of service \"\(name)\" not found")
  }

  /// The section's settings, nil when the file has no such section (libpq's `parseServiceFile`).
  static func section(_ name: String, of text: String, path: String) throws(AddressError) -> [String: String]? {
    var settings: [String: String]?
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces.union(.newlines))
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        // The section wanted ends at the next one.
        if settings != nil { return settings }
        if line.hasPrefix("[\(name)]") { settings = [:] }
        continue
      }
      guard settings != nil else { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw AddressError(reason: "syntax error in service file \"\(path)\", line \(number + 1)")
      }
      let keyword = String(line[..<equals])
      guard keyword != "service" else {
        throw AddressError(
          reason: "nested service specifications not supported in service file \"\(path)\", line \(number + 1)")
      }
      guard PostgresKeyword.all.contains(keyword) else {
        throw AddressError(reason: "syntax error in service file \"\(path)\", line \(number + 1)")
      }
      // The first setting of a keyword counts (libpq never overrides one already set).
      if settings?[keyword] == nil { settings?[keyword] = String(line[line.index(after: equals)...]) }
    }
    return settings
  }
}
