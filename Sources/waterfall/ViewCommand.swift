import ArgumentParser
import Foundation
import WaterfallTerminal
import WaterfallViewer

struct ViewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "view", abstract: "Open the viewer (the default).")

  @OptionGroup var dataOptions: DataOptions
  @OptionGroup var display: DisplayOptions
  @OptionGroup var pictureOptions: PictureOptions
  @OptionGroup var networkOptions: NetworkOptions
  @OptionGroup var organise: OrganiseOptions
  @OptionGroup var configOptions: ConfigOptions

  func run() throws {
    // Everything that can fail does so before the terminal is touched.
    let loaded = try dataOptions.loadDatasetOrExit()
    let environment = ProcessInfo.processInfo.environment
    if let reason = TerminalSession.unusableTerminalReason(environment: environment) {
      printError("\(reason): the viewer needs a terminal; for text output use `waterfall snapshot` (see --help)")
      throw ExitCode(2)
    }
    let unicode = TerminalSession.localeIsUTF8()
    var options = display.viewerOptions(
      environment: environment, unicode: unicode,
      latency: dataOptions.latency ?? 1500, catalogueName: loaded.name)
    options.skippedItems = loaded.dataset.skippedItems
    try organise.apply(to: &options, items: loaded.dataset.items)
    options.customKeys = try configOptions.choice.load(environment: ProcessInfo.processInfo.environment)?.keys ?? [:]
    options.crashKeyEnabled = environment["WATERFALL_CRASH_KEY"] == "1"
    // Opening the disk cache reads its whole folder: done here, a large cache is not a blank screen.
    let pictures = networkOptions.configure(pictureOptions.loaderConfiguration)
    let session = TerminalSession(mouse: !display.noMouse, color: options.colorEnabled)
    options.pictures = pictureOptions.display(
      colorEnabled: options.colorEnabled && session.colorAvailable, ascii: display.ascii || !unicode,
      terminalColors: session.colorCount)
    let ending = InteractiveViewer.run(
      feed: dataOptions.feed(for: loaded.dataset), options: options, session: session,
      pictures: pictures)
    session.restore()
    // Die of the same signal, now that the terminal is back, so the parent sees what happened.
    if case .signal(let number) = ending { TerminalSession.die(of: number) }
  }
}
