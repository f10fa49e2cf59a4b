import ArgumentParser
import Foundation
import WaterfallKit
import WaterfallViewer

struct SnapshotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "Run the viewer headless on a simulated clock and print the screen as text.",
    discussion: """
      Keys: space-separated tokens, each one character; a key name (Up Down Left Right PageUp PageDown Home End
      Enter Escape Space Backspace); C-x for Ctrl-x; click:X,Y, wheelup:X,Y, wheeldown:X,Y (0-based column and row);
      resize:WxH; wait:MS (advances the simulated clock). Latency defaults to 0 here; with --latency, use wait:MS
      to let pages arrive. The pictures a frame asks for are loaded before it is printed.
      """)

  @OptionGroup var dataOptions: DataOptions
  @OptionGroup var display: DisplayOptions
  @OptionGroup var pictureOptions: PictureOptions
  @OptionGroup var networkOptions: NetworkOptions
  @OptionGroup var organise: OrganiseOptions
  @OptionGroup var configOptions: ConfigOptions

  @Option(
    name: .long, parsing: .unconditional,
    help: "Screen size as WIDTHxHEIGHT, at most \(KeyScript.maximumSize.width)x\(KeyScript.maximumSize.height).")
  var size = "100x30"

  // `.unconditional`, so a script that starts with "-" (fewer columns) is a script, not an option.
  @Option(name: .long, parsing: .unconditional, help: "The key script.")
  var keys = ""

  @Flag(name: .long, help: "Print the screen after every step, separated by a line of '='.")
  var everyFrame = false

  @Flag(name: .long, help: "Print colours and attributes as SGR escape sequences (for a terminal or a picture of one).")
  var ansi = false

  func validate() throws {
    _ = try screenSize()
    _ = try steps()
  }

  /// Usage errors, so they exit 64 like every other one.
  private func screenSize() throws(ValidationError) -> GridSize {
    do {
      return try KeyScript.parseSize(size)
    } catch {
      throw ValidationError("--size \(TextSanitizer.sanitize(size)): \(error.reason)")
    }
  }

  private func steps() throws(ValidationError) -> [ScriptStep] {
    do {
      return try KeyScript.parse(keys)
    } catch {
      throw ValidationError("--keys: \(error.description)")
    }
  }

  func run() throws {
    let screenSize = try screenSize()
    // Without mouse reporting a terminal sends no clicks or wheel turns.
    let steps = try steps().filter { step in
      guard display.noMouse, case .event(.mouse) = step else { return true }
      return false
    }
    let loaded = try dataOptions.loadDatasetOrExit()
    var options = display.viewerOptions(
      environment: ProcessInfo.processInfo.environment, unicode: true, latency: dataOptions.latency ?? 0,
      catalogueName: loaded.name)
    options.skippedItems = loaded.dataset.skippedItems
    try organise.apply(to: &options, items: loaded.dataset.items)
    options.customKeys = try configOptions.choice.load(environment: ProcessInfo.processInfo.environment)?.keys ?? [:]
    options.pictures = pictureOptions.display(
      colorEnabled: options.colorEnabled, ascii: display.ascii, terminalColors: nil)
    let runner = ScriptedRun(
      feed: dataOptions.feed(for: loaded.dataset), size: screenSize, options: options,
      pictures: options.pictures == nil ? nil : networkOptions.configure(pictureOptions.loaderConfiguration))
    print(runner.run(steps, everyFrame: everyFrame, format: ansi ? .ansi : .text))
  }
}
