import ArgumentParser
import Foundation
import Pictures

/// `waterfall config`: the settings in effect and where each comes from.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Print the settings in effect and where each comes from (the config file or the command line).",
    discussion: """
      The config file is $XDG_CONFIG_HOME/waterfall/config.toml (else ~/.config/waterfall/config.toml): the viewer's \
      long options by name (columns = 3, no-images = true, symbols = "sextant") and a [keys] table binding keys to \
      actions by name (x = "quit"; press ? in the viewer for the names), and saved views ([views.cheap-coats] with \
      filter, sort, facets and group-by, opened with --view cheap-coats). The command line wins over the file.
      Give the viewer's options after `config` to see them applied: waterfall config --columns 4
      """)

  @OptionGroup var configOptions: ConfigOptions

  @Argument(parsing: .captureForPassthrough, help: "The viewer's options, as you would give them.")
  var viewerArguments: [String] = []

  func run() throws {
    // The viewer's options are passed through, `--help` with them: asked first, it is this command's own.
    if let first = viewerArguments.first, ["--help", "-h"].contains(first) {
      return printLine(Self.helpMessage())
    }
    let environment = ProcessInfo.processInfo.environment
    // After the first viewer option every word is passed through, --no-config and --config too: read them there
    // as well, so their place among the options never changes the answer.
    let passedThrough = ConfigChoice.scan(viewerArguments)
    let choice = ConfigChoice(
      path: passedThrough.path ?? configOptions.config, none: configOptions.noConfig || passedThrough.none,
      view: passedThrough.view ?? configOptions.view)
    let config = try choice.load(environment: environment)
    do {
      _ = try ViewCommand.parse(try choice.words(environment: environment) + viewerArguments)
    } catch {
      printError(ViewCommand.message(for: error))
      throw ExitCode.validationFailure
    }
    if choice.none {
      printLine("config file: none (--no-config)")
    } else if let config {
      printLine("config file: \(config.path)")
    } else {
      printLine("config file: none (\(ConfigFile.defaultPath(environment: environment) ?? "no HOME") does not exist)")
    }
    let given = Set(viewerArguments.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2).prefix { $0 != "=" }) })
    for setting in config?.settings ?? [] {
      let place = "file, line \(setting.line.map(String.init) ?? "?")"
      let source = given.contains(setting.name) ? "\(place), overridden by the command line" : place
      printLine("\(setting.name) = \(RedactedURL.text(setting.written))  (\(source))")
    }
    if !viewerArguments.isEmpty {
      printLine("command line: \(viewerArguments.map(RedactedURL.text).joined(separator: " "))")
    }
    if let name = choice.view, let view = try config?.view(name) {
      for setting in view {
        let place = "view \(name), line \(setting.line.map(String.init) ?? "?")"
        let source = given.contains(setting.name) ? "\(place), overridden by the command line" : place
        printLine("\(setting.name) = \(RedactedURL.text(setting.written))  (\(source))")
      }
    }
    for name in config?.views.keys.sorted() ?? [] where name != choice.view {
      printLine(
        "[views.\(name)] (--view \(name)): "
          + config!.views[name]!.map { "\($0.name) = \($0.written)" }.joined(separator: ", "))
    }
    for binding in config?.keyLines ?? [] {
      printLine("[keys] \(binding.key) = \(binding.action)  (file, line \(binding.line.map(String.init) ?? "?"))")
    }
    printLine("everything else: the defaults (waterfall --help lists them)")
  }
}
