import ArgumentParser
import Foundation
import Locking
import TOMLKit
import WaterfallViewer

/// `config.toml`: the viewer's long options by name (`columns = 3`, `no-images = true`), a `[keys]` table that
/// binds keys to actions by name (`x = "quit"`), and saved views (`[views.cheap-coats]`: a filter, a sort, facets
/// and sections by name, opened with `--view cheap-coats`). Read with TOMLKit; every entry is checked against the command
/// line's own definitions, so the file takes exactly what the command line takes.
struct ConfigFile: Sendable {
  /// One option the file sets, as the command line would give it.
  struct Setting: Sendable {
    var name: String
    /// The words the command line would have: `--name VALUE`, `--name` for a switch that is on, nothing for one
    /// that is off.
    var words: [String]
    var line: Int?
    /// What the file wrote, for `waterfall config`.
    var written: String
  }

  var path: String
  var settings: [Setting] = []
  var keys: [Key: Action] = [:]
  /// Each binding as written, for `waterfall config`: key, action name, line.
  var keyLines: [(key: String, action: String, line: Int?)] = []
  /// The saved views by name, each its settings (`[views.NAME]`).
  var views: [String: [Setting]] = [:]

  /// What a view may set: how the catalogue is browsed, not how it is drawn or read.
  static let viewSettings = ["filter", "sort", "facets", "group-by"]

  /// `$XDG_CONFIG_HOME/waterfall/config.toml`, else `~/.config/waterfall/config.toml`; nil without either.
  static func defaultPath(environment: [String: String]) -> String? {
    if let folder = environment["XDG_CONFIG_HOME"], folder.hasPrefix("/") {
      return folder + "/waterfall/config.toml"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.config/waterfall/config.toml"
  }

  /// The files read so far in this process, by path: each is read once, however many parts of the program ask
  /// (the settings go in front of the arguments, the viewer takes the keys), so `--config <(a command)` works.
  private static let alreadyRead = Locked<[String: ConfigFile]>([:])

  /// A config file larger than this is refused unread (it is a few settings and keys).
  static let largestFile = 1 << 20

  /// Reads and checks `path`, once per process. A missing default file is no file; a missing `--config` file is
  /// an error.
  static func load(path: String, required: Bool) throws(ConfigError) -> ConfigFile? {
    if let known = alreadyRead.withLock({ $0[path] }) { return known }
    guard let config = try read(path: path, required: required) else { return nil }
    alreadyRead.withLock { $0[path] = config }
    return config
  }

  private static func read(path: String, required: Bool) throws(ConfigError) -> ConfigFile? {
    // Not WholeFile.text: a missing default file is no file, and the reasons are ConfigErrors.
    let data: Data
    switch WholeFile.bytes(of: path, limit: Self.largestFile) {
    case .success(let read): data = read
    case .failure(let failure):
      if !required, failure.code == ENOENT { return nil }
      throw ConfigError(file: path, line: nil, reason: "cannot be read: \(failure.reason)")
    }
    guard data.count <= Self.largestFile else {
      throw ConfigError(file: path, line: nil, reason: "over \(Self.largestFile >> 20) MB, not a config file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigError(file: path, line: nil, reason: "not UTF-8 text")
    }
    let table: TOMLTable
    do {
      table = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      // TOML's own words for a key written twice ("cannot redefine existing string") name neither key nor table.
      let line = error.source.begin.line
      if let twice = KeyLines(text).repeated(onLine: line) {
        let verb = twice.table == "keys" ? "bound" : "set"
        throw ConfigError(
          file: path, line: line, reason: "\"\(twice.key)\" is \(verb) twice (also on line \(twice.earlierLine))")
      }
      throw ConfigError(file: path, line: line, reason: "not TOML: \(error.description)")
    } catch {
      throw ConfigError(file: path, line: nil, reason: "not TOML: \(error)")
    }
    var config = ConfigFile(path: path)
    let lines = KeyLines(text)
    for name in table.keys.sorted(by: { lines.line(of: $0) ?? 0 < lines.line(of: $1) ?? 0 }) {
      guard let value = table[name] else { continue }
      if name == "keys" {
        try config.readKeys(value, lines: lines)
      } else if name == "views" {
        try config.readViews(value, lines: lines)
      } else {
        try config.settings.append(setting(name, value, line: lines.line(of: name), file: path))
      }
    }
    return config
  }

  /// One option: its kind (a switch, or an option with a value) and its value, checked by the command line's
  /// own parser.
  private static func setting(
    _ name: String, _ value: TOMLValueConvertible, line: Int?, file: String
  )
    throws(ConfigError) -> Setting
  {
    func fail(_ reason: String) -> ConfigError { ConfigError(file: file, line: line, reason: reason) }
    guard !["config", "no-config", "help", "version", "data"].contains(name) else {
      throw fail("\"\(name)\" is not a setting for a config file (the dataset is given on the command line)")
    }
    // A chooser is a use, not a preference: a file that set it would turn every run into one.
    guard !["pick", "print", "multi"].contains(name) else {
      throw fail("\"\(name)\" is not a setting for a config file (--pick is given on the command line)")
    }
    // Recording writes what the screen shows to a file: only ever asked for on the command line, never silently.
    guard !["record", "record-input"].contains(name) else {
      throw fail("\"\(name)\" is not a setting for a config file (--record is given on the command line)")
    }
    let value = value.tomlValue
    let written: String
    switch value.type {
    case .bool: written = value.bool == true ? "true" : "false"
    case .string: written = value.string ?? ""
    case .int: written = value.int.map(String.init) ?? ""
    case .double: written = value.double.map { String($0) } ?? ""
    case .table: throw fail("unknown table [\(name)]: the tables are [keys] and [views.NAME]")
    default: throw fail("\(name): a \(value.type) is not a value any option takes")
    }
    switch optionKind(name) {
    case .unknown:
      throw fail("unknown option \"\(name)\" (waterfall --help lists the options)")
    case .flag:
      guard value.type == .bool else { throw fail("\(name) is a switch: true or false, not \(written)") }
      return Setting(name: name, words: value.bool == true ? ["--\(name)"] : [], line: line, written: written)
    case .option:
      guard value.type != .bool else {
        throw fail(typeMismatch(name, value, written: written) ?? "\(name) takes a value, not \(written)")
      }
      do {
        _ = try ViewCommand.parse(["--\(name)", written])
      } catch {
        throw fail(typeMismatch(name, value, written: written) ?? ViewCommand.message(for: error))
      }
      // The config's table is for SQLite files only, its schema for PostgreSQL: a JSON file opened with the same
      // config stays a JSON file.
      let spelled = ["table": "config-table", "schema": "config-schema"][name] ?? name
      return Setting(name: name, words: ["--\(spelled)", written], line: line, written: written)
    }
  }

  private enum OptionKind { case flag, option, unknown }

  /// Whether `--name` is one of the viewer's switches, one of its options with a value, or nothing it knows.
  private static func optionKind(_ name: String) -> OptionKind {
    do {
      _ = try ViewCommand.parse(["--\(name)"])
      return .flag
    } catch {
      return ViewCommand.message(for: error).contains("Missing value") ? .option : .unknown
    }
  }

  private mutating func readKeys(_ value: TOMLValueConvertible, lines: KeyLines) throws(ConfigError) {
    guard let table = value.tomlValue.table else {
      throw ConfigError(file: path, line: lines.line(of: "keys"), reason: "keys must be a table: [keys]")
    }
    var boundOnLine: [Key: Int?] = [:]
    for name in table.keys {
      let line = lines.line(of: name, inTable: "keys")
      func fail(_ reason: String) -> ConfigError { ConfigError(file: path, line: line, reason: reason) }
      if let signal = Self.terminalsOwnKey(name) {
        throw fail("[keys] \"\(name)\" is the terminal's own key (\(signal)): the viewer never sees it")
      }
      let key: Key
      do {
        key = try KeyScript.key(named: name)
      } catch {
        throw fail("[keys] \(error.description)")
      }
      guard let actionName = table[name]?.tomlValue.string else {
        throw fail("[keys] \(name): the action's name, in quotes, as in \(name) = \"quit\"")
      }
      guard let action = Action(name: actionName) else {
        throw fail(
          "[keys] \(name): unknown action \"\(actionName)\" (one of: "
            + Action.allCases.map(\.name).joined(separator: ", ") + ")")
      }
      if let earlier = boundOnLine[key] {
        throw fail("\"\(name)\" is bound twice (also on line \(earlier.map(String.init) ?? "?"))")
      }
      boundOnLine[key] = line
      keys[key] = action
      keyLines.append((name, actionName, line))
    }
    keyLines.sort { $0.line ?? 0 < $1.line ?? 0 }
  }

  /// `[views.NAME]` tables: each entry one of ``viewSettings``, checked as the same setting at the top is.
  private mutating func readViews(_ value: TOMLValueConvertible, lines: KeyLines) throws(ConfigError) {
    guard let table = value.tomlValue.table else {
      throw ConfigError(
        file: path, line: lines.line(of: "views"), reason: "views must be tables: [views.cheap-coats], filter = …")
    }
    for name in table.keys {
      let tableName = "views.\(name)"
      let header = lines.line(of: tableName)
      guard let entries = table[name]?.tomlValue.table else {
        throw ConfigError(
          file: path, line: header, reason: "views.\(name) must be a table: [views.\(name)], filter = …")
      }
      var settings: [Setting] = []
      for key in entries.keys {
        let line = lines.line(of: key, inTable: tableName) ?? header
        guard Self.viewSettings.contains(key) else {
          throw ConfigError(
            file: path, line: line,
            reason: "[views.\(name)] \(key): a view sets only \(Self.viewSettings.joined(separator: ", "))")
        }
        try settings.append(Self.setting(key, entries[key]!, line: line, file: path))
      }
      views[name] = settings.sorted { $0.line ?? 0 < $1.line ?? 0 }
    }
  }

  /// The settings of view `name` (`--view`), or why there is none.
  func view(_ name: String) throws(ConfigError) -> [Setting] {
    guard let settings = views[name] else {
      let known = views.keys.sorted()
      throw ConfigError(
        file: path, line: nil,
        reason: "no view \"\(name)\" ("
          + (known.isEmpty ? "the file has no [views.NAME] table)" : "views: \(known.joined(separator: ", ")))"))
    }
    return settings
  }

  /// What the terminal does with a key it keeps for itself (Ctrl-C, Ctrl-Z and Ctrl-\, written `C-c` or the control
  /// character itself): it sends the program a signal instead, so a binding would never run. Nil for any other.
  static func terminalsOwnKey(_ name: String) -> String? {
    let lowered = name.lowercased()
    let controlCharacters: [Unicode.Scalar: Character] = ["\u{03}": "c", "\u{1A}": "z", "\u{1C}": "\\"]
    let letter: Character?
    if let prefix = ["c-", "ctrl-"].first(where: lowered.hasPrefix), lowered.count == prefix.count + 1 {
      letter = lowered.last
    } else if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first {
      letter = controlCharacters[scalar]
    } else {
      letter = nil
    }
    switch letter {
    case "c": return "Ctrl-C interrupts"
    case "z": return "Ctrl-Z suspends"
    case "\\": return "Ctrl-\\ quits"
    default: return nil
    }
  }
}
