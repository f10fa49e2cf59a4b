import ArgumentParser
import Foundation

/// Which config file to read: the default one, `--config FILE`, or none.
struct ConfigOptions: ParsableArguments {
  @Option(
    name: .long,
    help: """
      Read this config file instead of the default one. (default: $XDG_CONFIG_HOME/waterfall/config.toml, else \
      ~/.config/waterfall/config.toml)
      """, completion: .file(extensions: ["toml"]))
  var config: String?

  @Flag(name: .long, help: "Read no config file.")
  var noConfig = false

  @Option(
    name: .long,
    help: """
      Open with the config file's saved view NAME: its filter, sort, facets and sections ([views.NAME]); the \
      command line's own options win over it. (default: none)
      """)
  var view: String?

  var choice: ConfigChoice { ConfigChoice(path: config, none: noConfig, view: view) }
}

/// Which config file to read, as a plain value: the command line's choice, also found before it is parsed.
struct ConfigChoice {
  /// `--config FILE`.
  var path: String?
  /// `--no-config`.
  var none = false
  /// `--view NAME`.
  var view: String?

  /// The file chosen, read and checked; nil when there is none to read.
  func load(environment: [String: String]) throws(ConfigError) -> ConfigFile? {
    if none, let path {
      throw ConfigError(file: path, reason: "--config names this file and --no-config says to read none: give one")
    }
    let defaultPath = ConfigFile.defaultPath(environment: environment)
    if let view, none || (path == nil && defaultPath == nil) {
      throw ConfigError(file: "--view \(view)", reason: "no config file is read, so no view can be opened")
    }
    if none { return nil }
    if let path { return try ConfigFile.load(path: path, required: true) }
    guard let defaultPath else { return nil }
    let config = try ConfigFile.load(path: defaultPath, required: view != nil)
    return config
  }

  /// The words the config file puts in front of the command line's: its settings, then the view's.
  func words(environment: [String: String]) throws(ConfigError) -> [String] {
    guard let config = try load(environment: environment) else { return [] }
    let view = try self.view.map { name throws(ConfigError) in try config.view(name) } ?? []
    return (config.settings + view).flatMap(\.words)
  }

  /// The choice in raw `arguments`, before they are parsed (the file's settings go in front of them).
  static func scan(_ arguments: [String]) -> ConfigChoice {
    var choice = ConfigChoice()
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word == "--" { break }
      if word == "--no-config" { choice.none = true }
      if word == "--config", index + 1 < arguments.count {
        choice.path = arguments[index + 1]
        index += 1
      } else if word.hasPrefix("--config=") {
        choice.path = String(word.dropFirst("--config=".count))
      } else if word == "--view", index + 1 < arguments.count {
        choice.view = arguments[index + 1]
        index += 1
      } else if word.hasPrefix("--view=") {
        choice.view = String(word.dropFirst("--view=".count))
      }
      index += 1
    }
    return choice
  }
}
