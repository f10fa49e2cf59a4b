import ShopCatalog
import WaterfallKit

/// Runs the app on the in-memory screen with a simulated clock: the headless mode behind `waterfall snapshot`.
public final class SnapshotRunner {
  public let app: WaterfallApp
  private let loader = SimulatedPageLoader()
  private var clock = 0

  public init(feed: PageFeed, size: GridSize, options: AppOptions) {
    app = WaterfallApp(feed: feed, loader: loader, screenSize: size, options: options)
    settle()
  }

  /// Completes the page fetches due by now and lets the app take them in.
  private func settle() {
    loader.advance(to: clock)
    app.tick(now: clock)
  }

  /// Applies one step of a key script.
  public func apply(_ step: ScriptStep) {
    switch step {
    case .event(let event): app.handle(event)
    case .wait(let milliseconds): clock += milliseconds
    }
    settle()
  }

  /// Applies each step of a key script in turn.
  public func apply(_ steps: [ScriptStep]) {
    for step in steps { apply(step) }
  }

  /// Runs `steps` and returns the final screen as text, or with `everyFrame` the screen after each step,
  /// separated by a line of `=` as wide as the screen.
  public func run(_ steps: [ScriptStep], everyFrame: Bool = false) -> String {
    var frames: [String] = []
    for step in steps {
      apply(step)
      if everyFrame { frames.append(app.renderedScreen().text) }
      if app.isQuitting { break }
    }
    if !everyFrame || frames.isEmpty { return app.renderedScreen().text }
    return frames.joined(separator: "\n" + String(repeating: "=", count: max(1, app.screenSize.width)) + "\n")
  }
}
