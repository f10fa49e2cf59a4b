import ArgumentParser
import Foundation
import Pictures
import WaterfallViewer

@main
struct Waterfall: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall",
    abstract: "A terminal waterfall (masonry) viewer for shop catalogues.",
    discussion: """
      With no subcommand, opens the viewer on the bundled catalogue (or PATH, or --data PATH). Press ? inside for the keys.
      `waterfall snapshot` runs the same app headless and prints the screen; `waterfall check` validates a dataset;
      `waterfall import` builds a SQLite catalogue, which opens like any dataset.
      """,
    version: "1.0.0",
    subcommands: [
      ViewCommand.self, SnapshotCommand.self, CheckCommand.self, ImportCommand.self, CacheCommand.self,
      ConfigCommand.self, RenderCommand.self,
    ],
    defaultSubcommand: ViewCommand.self)

  /// As ArgumentParser's own `main`, but its messages (which quote option values, file names and data field
  /// names) go out with their control characters escaped, like every other line the program prints.
  static func main() {
    VipsRuntime.hideModulesBeforeThreadsStart()
    do {
      var command = try parseAsRoot(try withConfigFile(Array(CommandLine.arguments.dropFirst())))
      try command.run()
    } catch let error as ConfigError {
      printError(error.description)
      Foundation.exit(ExitCode.validationFailure.rawValue)
    } catch {
      let code = exitCode(for: error)
      let message = TextSanitizer.escapeVisibly(fullMessage(for: error), keepingNewlines: true)
      if !message.isEmpty {
        let stream = code.isSuccess ? FileHandle.standardOutput : FileHandle.standardError
        stream.write(Data((message + "\n").utf8))
      }
      Foundation.exit(code.rawValue)
    }
  }

  /// The viewer's arguments (`view`, `snapshot`, or none) with the config file's settings in front of them, so the
  /// command line, coming later, wins. Other commands are left as they are.
  static func withConfigFile(_ arguments: [String]) throws(ConfigError) -> [String] {
    let viewerCommands = ["view", "snapshot"]
    let first = arguments.first ?? ""
    let isOtherCommand = subcommandNames.contains(first) && !viewerCommands.contains(first)
    if isOtherCommand || ["help", "-h", "--help", "--version"].contains(first) { return arguments }
    if first == "snapshot", SnapshotCommand.isCheck(arguments), ConfigChoice.scan(arguments).path == nil {
      return arguments
    }
    guard let config = try ConfigChoice.scan(arguments).load(environment: ProcessInfo.processInfo.environment)
    else { return arguments }
    let words = config.settings.flatMap(\.words)
    if viewerCommands.contains(first) { return [first] + words + arguments.dropFirst() }
    return words + arguments
  }

  private static var subcommandNames: [String] {
    configuration.subcommands.compactMap { $0.configuration.commandName }
  }
}
