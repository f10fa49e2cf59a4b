import ArgumentParser

/// `waterfall view`: the viewer, as `waterfall` with no subcommand is (tapes and scripts name it).
/// ``ViewCommand`` is kept out of the command tree, as an option group of this command and of ``Waterfall``:
/// ArgumentParser would otherwise count it twice in the command stack its help and error messages quote.
struct ViewSubcommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "view", abstract: "The viewer: the same as `waterfall` with no subcommand, with the same options.")

  @OptionGroup var viewer: ViewCommand

  /// Never called: ``Waterfall/parseAsRoot(_:)`` hands back the viewer itself.
  func run() throws { try viewer.run() }
}

/// The root that parses a command line naming a subcommand: the same name and subcommands as ``Waterfall``
/// without the viewer's options, which ArgumentParser would otherwise take for the root wherever they stand.
struct SubcommandRoot: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: Waterfall.configuration.commandName, version: Waterfall.configuration.version,
    subcommands: Waterfall.configuration.subcommands)
}
