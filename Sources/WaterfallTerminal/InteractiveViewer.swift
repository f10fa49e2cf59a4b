import Foundation
import Pictures
import ShopCatalog
import WaterfallKit
import WaterfallViewer

/// The viewer on a real terminal: the one ``Runner`` with the terminal as input, the wall clock, threads for
/// background work, and curses as output.
public enum InteractiveViewer {
  /// `pictures`: the loader's settings, used when `options.pictures` asks for pictures.
  public static func run(
    feed: PageFeed, options: ViewerOptions, session: TerminalSession, pictures: PictureLoader.Configuration
  ) -> Runner.Ending {
    var options = options
    let environment = ProcessInfo.processInfo.environment
    options.colorEnabled = options.colorEnabled && session.colorAvailable
    let size = session.size
    let runner = Runner(
      viewer: Viewer(screenSize: GridSize(width: size.width, height: size.height), options: options), feed: feed,
      clock: WallClock(), executor: ThreadExecutor(),
      output: CursesPresenter(
        colorAvailable: options.colorEnabled, asciiOnly: !session.localeIsUTF8,
        insideTmux: environment["TMUX"].map { !$0.isEmpty } ?? false),
      pictures: options.pictures == nil ? nil : pictures, measuresFrames: true,
      opener: BrowserOpener(environment: environment))
    return runner.run(session.input)
  }
}
