import Glibc
import ShopCatalog
import WaterfallKit

/// The viewer's main loop on a real terminal: one thread for curses; page fetches wait in the background and
/// come back through the app's mailbox, drained every tick. The loop never blocks: it waits for input, a signal
/// or the next tick, whichever comes first.
public enum InteractiveRunner {
  /// How the loop ended.
  public enum Ending: Equatable {
    case quit
    case signal(Int32)
  }

  /// Ticks (spinner frames, pull release, arriving pages) come this often at the least.
  static let tickMilliseconds = 50

  public static func run(feed: PageFeed, options: AppOptions, session: TerminalSession) -> Ending {
    var options = options
    options.colorEnabled = options.colorEnabled && session.colorAvailable
    let start = ContinuousClock.now
    let size = session.size
    let app = WaterfallApp(
      feed: feed, loader: BackgroundPageLoader(), screenSize: GridSize(width: size.width, height: size.height),
      options: options)
    let presenter = CursesPresenter(colorAvailable: options.colorEnabled, asciiOnly: !session.localeIsUTF8)
    var screen = Screen(width: size.width, height: size.height)
    while true {
      app.tick(now: milliseconds(since: start))
      if app.takeRedrawRequest() { presenter.invalidate() }
      if screen.width != app.screenSize.width || screen.height != app.screenSize.height {
        screen = Screen(width: app.screenSize.width, height: app.screenSize.height)
        presenter.invalidate()
      }
      let renderStart = ContinuousClock.now
      app.render(into: &screen)
      app.lastFrameMicroseconds = microseconds(renderStart.duration(to: .now))
      presenter.present(screen)

      let arrival = session.input.wait(timeoutMilliseconds: tickMilliseconds)
      if let signal = arrival.quitSignal { return .signal(signal) }
      if arrival.resized {
        let size = session.updateSizeAfterResize()
        app.handle(.resize(width: size.width, height: size.height))
      }
      for event in arrival.events {
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
