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
    let opened = try dataOptions.openCatalogueOrExit(whole: false)
    let environment = ProcessInfo.processInfo.environment
    if let reason = TerminalSession.unusableTerminalReason(environment: environment) {
      printError("\(reason): the viewer needs a terminal; for text output use `waterfall snapshot` (see --help)")
      throw ExitCode(2)
    }
    let unicode = TerminalSession.localeIsUTF8()
    var options = display.viewerOptions(environment: environment, unicode: unicode, catalogueName: opened.name)
    try organise.apply(to: &options, catalogue: opened.catalogue)
    options.customKeys = try configOptions.choice.load(environment: ProcessInfo.processInfo.environment)?.keys ?? [:]
    options.crashKeyEnabled = environment["WATERFALL_CRASH_KEY"] == "1"
    // Opening the disk cache reads its whole folder: done here, a large cache is not a blank screen.
    let pictures = networkOptions.configure(pictureOptions.loaderConfiguration)
    let session = TerminalSession(mouse: !display.noMouse, color: options.colorEnabled)
    options.pictures = pictureOptions.display(
      colorEnabled: options.colorEnabled && session.colorAvailable, ascii: display.ascii || !unicode,
      terminalColors: session.colorCount)
    // Pixels unless colour is turned off (--no-color, NO_COLOR, --color none): the terminal's colour count
    // bounds the symbols, not its pixels. The symbols stay in the cells as the fallback.
    var graphics: GraphicsSetup?
    if options.pictures != nil, options.colorEnabled, pictureOptions.color != .none, pictureOptions.graphics != .symbols
    {
      let setup = session.chooseGraphics(pictureOptions.graphics, environment: environment)
      if setup.graphics != .symbols {
        graphics = setup
        options.pictures?.cellPixels = setup.cellPixels
      }
    }
    let ending = InteractiveViewer.run(
      source: dataOptions.source(for: opened.catalogue, defaultLatency: 1500), options: options, session: session,
      pictures: pictures, graphics: graphics)
    session.restore()
    // Die of the same signal, now that the terminal is back, so the parent sees what happened.
    if case .signal(let number) = ending { TerminalSession.die(of: number) }
  }
}
