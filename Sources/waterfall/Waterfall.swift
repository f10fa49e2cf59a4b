import ArgumentParser
import Foundation
import WaterfallViewer

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

  /// As ArgumentParser's own `main`, but its messages (which quote option values, file names and data field
  /// names) go out with their control characters escaped, like every other line the program prints.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
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
}
