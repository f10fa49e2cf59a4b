import Foundation
import Pictures
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// The viewer on a real terminal: the one ``Runner`` with the terminal as input, the wall clock, threads for
/// background work, and curses as output.
public enum InteractiveViewer {
  /// What `--record` asks for: the recording's header (the size is filled in here), whether input is kept, and
  /// where its lines go.
  public struct Recording {
    public var header: Asciicast
    public var recordsInput: Bool
    public var write: (String) -> Void

    public init(header: Asciicast, recordsInput: Bool, write: @escaping (String) -> Void) {
      (self.header, self.recordsInput, self.write) = (header, recordsInput, write)
    }
  }

  /// `pictures`: the loader's settings, used when `options.pictures` asks for pictures. `recording`: the
  /// session is recorded as asciicast v2 on its way to the terminal (and from it, with input).
  public static func run(
    source: any CatalogueSource, options: ViewerOptions, session: TerminalSession,
    pictures: PictureLoader.Configuration,
    recording: Recording? = nil,
    graphics: GraphicsSetup? = nil
  ) -> (ending: Runner.Ending, picked: [ShopItem]?, statistics: String) {
    var options = options
    let environment = ProcessInfo.processInfo.environment
    options.colorEnabled = options.colorEnabled && session.colorAvailable
    let size = session.size
    let clock = WallClock()
    let presenter = CursesPresenter(
      colorAvailable: options.colorEnabled, asciiOnly: !session.localeIsUTF8,
      insideTmux: environment["TMUX"].map { !$0.isEmpty } ?? false,
      graphics: options.pictures?.cellPixels == nil ? nil : graphics, pictures: session.pictures)
    if let graphics, options.pictures?.cellPixels != nil {
      session.input.resized = Self.rereading(graphics, into: presenter, environment: environment)
    }
    var output: any ScreenOutput = presenter
    var input: any InputSource = session.input
    var opener: any ExternalOpener = BrowserOpener(environment: environment)
    if let recording {
      var header = recording.header
      (header.width, header.height) = (size.width, size.height)
      let recorder = CastRecorder(
        header: header, clock: clock, recordsInput: recording.recordsInput, write: recording.write)
      output = recorder.output(wrapping: output)
      input = recorder.input(wrapping: input)
      opener = recorder.opener(wrapping: opener)
    }
    let runner = Runner(
      viewer: Viewer(screenSize: GridSize(width: size.width, height: size.height), options: options), source: source,
      clock: clock, executor: ThreadExecutor(), output: output,
      pictures: options.pictures == nil ? nil : pictures, measuresFrames: true,
      opener: opener)
    let ending = runner.run(input)
    session.input.resized = nil
    presenter.removePictures()
    return (ending, runner.viewer.state.picked, runner.viewer.statisticsReport)
  }

  /// What a resize reads again, since a pane split, a zoom or a font change moves pictures drawn in pixels: the
  /// tmux pane's corner (only when pictures go through passthrough) and the cell size (`TIOCGWINSZ`'s, when it
  /// changed from what it said before: the start-up size may have come from the terminal's own answer).
  static func rereading(
    _ graphics: GraphicsSetup, into presenter: CursesPresenter, environment: [String: String]
  ) -> () -> [InputEvent] {
    var cellPixels = graphics.cellPixels
    var windowCellPixels = TerminalSession.windowCellPixels()
    return {
      let corner = graphics.tmuxPane == nil ? nil : TerminalSession.tmuxPaneCorner(environment: environment)
      let window = TerminalSession.windowCellPixels()
      var events: [InputEvent] = []
      if let window, window != windowCellPixels, window != cellPixels {
        cellPixels = window
        events.append(.cellPixels(width: window.width, height: window.height))
      }
      windowCellPixels = window ?? windowCellPixels
      presenter.terminalChanged(tmuxPane: corner, cellPixels: cellPixels)
      return events
    }
  }
}
