import ArgumentParser
import Foundation
import Pictures
import WaterfallViewer

/// `waterfall`: the viewer, with its options, as `less` and `fzf` are; the subcommands beside it. Its help, its
/// completion scripts and the manual page come from this type, so they show the viewer's options and defaults.
@main
struct Waterfall: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall",
    abstract: "A terminal waterfall (masonry) viewer for shop catalogues.",
    usage: """
      waterfall [options] [PATH]
      waterfall <subcommand> [options]
      """,
    discussion: """
      Opens the viewer on PATH (or --data PATH, or standard input when it is a pipe, else the bundled catalogue). \
      Press ? inside for the keys. The options below are the viewer's; `waterfall view` takes the same.
      `waterfall snapshot` runs the same app headless and prints the screen; `waterfall check` validates a dataset;
      `waterfall import` builds a SQLite catalogue, which opens like any dataset.
      """,
    version: "1.0.0",
    subcommands: [
      ViewSubcommand.self, SnapshotCommand.self, CheckCommand.self, ImportCommand.self, CacheCommand.self,
      ConfigCommand.self, RenderCommand.self,
    ])

  /// The viewer's options and PATH: with no subcommand, `waterfall` is the viewer.
  @OptionGroup var viewer: ViewCommand

  /// Never called: ``parseAsRoot(_:)`` hands back the viewer itself.
  func run() throws { try viewer.run() }

  /// As ArgumentParser's own `main`, but its messages (which quote option values, file names and data field
  /// names) go out with their control characters escaped, like every other line the program prints.
  static func main() {
    VipsRuntime.hideModulesBeforeThreadsStart()
    var root: ParsableCommand.Type = Waterfall.self
    do {
      let arguments = try withConfigFile(Array(CommandLine.arguments.dropFirst()))
      if let shell = requestedCompletionShell(arguments) {
        print(completionScript(for: shell))
        return
      }
      root = parsingRoot(for: arguments)
      var command = try parseAsRoot(arguments)
      try command.run()
    } catch let error as ConfigError {
      printError(error.description)
      Foundation.exit(ExitCode.validationFailure.rawValue)
    } catch {
      let code = root.exitCode(for: error)
      let message = TextSanitizer.escapeVisibly(root.fullMessage(for: error), keepingNewlines: true)
      if !message.isEmpty {
        let stream = code.isSuccess ? FileHandle.standardOutput : FileHandle.standardError
        stream.write(Data((message + "\n").utf8))
      }
      Foundation.exit(code.rawValue)
    }
  }

  /// The command `arguments` name, parsed by ArgumentParser: the viewer (a ``ViewCommand``, as `waterfall view`
  /// gives) or a subcommand. `help` without a subcommand's name after it is `--help`, this command's.
  static func parseAsRoot(_ arguments: [String]) throws -> ParsableCommand {
    let root = parsingRoot(for: arguments)
    // `help NAME` with a NAME that is no command: saying so, not the viewer's help with status 0.
    if root == Waterfall.self, arguments.first == "help", let named = arguments.dropFirst().first {
      throw ValidationError(
        "help: no command called \"\(named)\"; the commands are \(subcommandNames.joined(separator: ", "))")
    }
    let command = try root.parseAsRoot(root == Waterfall.self && arguments.first == "help" ? ["--help"] : arguments)
    return (command as? Waterfall)?.viewer ?? (command as? ViewSubcommand)?.viewer ?? command
  }

  /// The shell of `--generate-completion-script SHELL` (or `=SHELL`), the only argument: this command's script,
  /// mended (``completionScript(for:)``), not the library's own. Nil for anything else, left to the library.
  static func requestedCompletionShell(_ arguments: [String]) -> CompletionShell? {
    let option = "--generate-completion-script"
    let name: String
    switch arguments.count {
    case 2 where arguments[0] == option: name = arguments[1]
    case 1 where arguments[0] == option: return CompletionShell.autodetected()
    case 1 where arguments[0].hasPrefix(option + "="): name = String(arguments[0].dropFirst(option.count + 1))
    default: return nil
    }
    return CompletionShell(rawValue: name)
  }

  /// Which root parses `arguments`: ``SubcommandRoot`` when they start with a subcommand's name (or `help` and
  /// one), whose own options are none, so `snapshot --columns 3` reaches the subcommand whole; else this command,
  /// the viewer.
  static func parsingRoot(for arguments: [String]) -> ParsableCommand.Type {
    guard let first = arguments.first else { return Waterfall.self }
    let named = first == "help" ? arguments.dropFirst().first : first
    return named.map(subcommandNames.contains) == true ? SubcommandRoot.self : Waterfall.self
  }

  /// The viewer's arguments (`view`, `snapshot`, or none) with the config file's settings in front of them, so the
  /// command line, coming later, wins. Other commands are left as they are.
  static func withConfigFile(_ arguments: [String]) throws(ConfigError) -> [String] {
    let viewerCommands = ["view", "snapshot"]
    let first = arguments.first ?? ""
    let isOtherCommand = subcommandNames.contains(first) && !viewerCommands.contains(first)
    if isOtherCommand || ["help", "-h", "--help", "--version"].contains(first) { return arguments }
    if arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }) { return arguments }
    if first == "snapshot", SnapshotCommand.isCheck(arguments), ConfigChoice.scan(arguments).path == nil {
      return arguments
    }
    let words = try ConfigChoice.scan(arguments).words(environment: ProcessInfo.processInfo.environment)
    if viewerCommands.contains(first) { return [first] + words + arguments.dropFirst() }
    return words + arguments
  }

  static var subcommandNames: [String] {
    configuration.subcommands.compactMap { $0.configuration.commandName }
  }
}
