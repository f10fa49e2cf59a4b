import Glibc
import ShopCatalog
import WaterfallKit

/// The viewer's main loop on a real terminal: one thread for curses; page fetches wait in the background and
/// come back through the app's mailbox, drained every tick.
public enum InteractiveRunner {
  /// How the loop ended.
  public enum Ending: Equatable {
    case quit
    case signal(Int32)
  }

  public static func run(feed: PageFeed, options: AppOptions, session: TerminalSession) -> Ending {
    var options = options
    options.colorEnabled = options.colorEnabled && session.colorAvailable
    let start = ContinuousClock.now
    let size = session.size
    let app = WaterfallApp(
      feed: feed, loader: BackgroundPageLoader(), screenSize: CellSize(width: size.width, height: size.height),
      options: options)
    let presenter = CursesPresenter(colorAvailable: options.colorEnabled, asciiOnly: !session.localeIsUTF8)
    var screen = Screen(width: size.width, height: size.height)
    while true {
      if let signal = session.takeQuitSignal() { return .signal(signal) }
      if session.isHungUp { return .signal(SIGHUP) }
      app.tick(now: milliseconds(since: start))
      if screen.width != app.screenSize.width || screen.height != app.screenSize.height {
        screen = Screen(width: app.screenSize.width, height: app.screenSize.height)
        presenter.invalidate()
      }
      let renderStart = ContinuousClock.now
      app.render(into: &screen)
      app.lastFrameMicroseconds = microseconds(renderStart.duration(to: .now))
      presenter.present(screen)
      for event in CursesInput.readEvents() {
        app.handle(event)
        if app.isQuitting { return .quit }
      }
    }
  }

  private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
    let elapsed = start.duration(to: .now).components
    return Int(elapsed.seconds) * 1000 + Int(elapsed.attoseconds / 1_000_000_000_000_000)
  }

  private static func microseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
  }
}
