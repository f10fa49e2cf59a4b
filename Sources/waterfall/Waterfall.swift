import ArgumentParser

@main
struct Waterfall: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "waterfall",
    abstract: "A terminal waterfall (masonry) viewer for shop catalogues.",
    discussion: """
      With no subcommand, opens the viewer on the bundled catalogue (or PATH, or --data PATH). Press ? inside for the keys.
      `waterfall snapshot` runs the same app headless and prints the screen; `waterfall check` validates a dataset.
      """,
    version: "1.0.0",
    subcommands: [ViewCommand.self, SnapshotCommand.self, CheckCommand.self, CacheCommand.self],
    defaultSubcommand: ViewCommand.self)
}
