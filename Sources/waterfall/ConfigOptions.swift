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

  var choice: ConfigChoice { ConfigChoice(path: config, none: noConfig) }
}

/// Which config file to read, as a plain value: the command line's choice, also found before it is parsed.
struct ConfigChoice {
  /// `--config FILE`.
  var path: String?
  /// `--no-config`.
  var none = false

  /// The file chosen, read and checked; nil when there is none to read.
  func load(environment: [String: String]) throws(ConfigError) -> ConfigFile? {
    if none, let path {
      throw ConfigError(file: path, reason: "--config names this file and --no-config says to read none: give one")
    }
    if none { return nil }
    if let path { return try ConfigFile.load(path: path, required: true) }
    guard let path = ConfigFile.defaultPath(environment: environment) else { return nil }
    return try ConfigFile.load(path: path, required: false)
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
      }
      index += 1
    }
    return choice
  }
}
