import Pictures
import ShopCatalog
import WaterfallKit

/// The one ``Runner``, driven by a key script on a simulated clock and executor into memory: what
/// `waterfall snapshot` prints and what the tests step through.
public final class ScriptedRun {
  public let runner: Runner
  public let clock = SimulatedClock()
  private let output = InMemoryOutput()
  /// What `x` asked to open, last first: nothing is started.
  public let opener = RecordingOpener()

  /// What `y` put on the clipboard, last first.
  public var clipboard: [String] { output.clipboard }

  public var viewer: Viewer { runner.viewer }

  /// The last frame drawn (or, before any, the screen as it would be drawn).
  public var screen: Screen {
    runner.drawPendingFrame()
    return output.lastFrame ?? viewer.renderedScreen()
  }

  /// The terminal's input tick (`TerminalInput`): a wait of several ticks is as many steps, so timers (the
  /// pull's release, the spinner, pages due) see the steps they would see live.
  public static let tickMilliseconds = 50

  /// Lets `milliseconds` of simulated time pass, a step per tick; stops early when the viewer quits.
  @discardableResult
  public func advance(by milliseconds: Int) -> Runner.StepResult {
    var left = max(0, milliseconds)
    while left > 0 {
      let step = min(left, Self.tickMilliseconds)
      left -= step
      if apply(.wait(step)) == .quit { return .quit }
    }
    return .running
  }

  /// How ``run(_:everyFrame:format:)`` prints a screen.
  public enum Format: Sendable {
    case text
    /// Text, then its style runs (``Screen/styledText``): what snapshot tests compare.
    case styled
    /// With SGR escape sequences (``Screen/ansiText``).
    case ansi
  }

  /// Starts the viewer; with no latency the first page is in before the first frame. With `pictures`, every
  /// step waits for the pictures it asked for, so each frame is the same on any machine.
  public init(
    source: any CatalogueSource, size: GridSize, options: ViewerOptions, pictures: PictureLoader.Configuration? = nil
  ) {
    runner = Runner(
      viewer: Viewer(screenSize: size, options: options), source: source, clock: clock,
      executor: SimulatedExecutor(clock: clock), output: output, pictures: pictures, waitsForPictures: true,
      drawsOnDemand: true, opener: opener)
    runner.start()
  }

  /// Applies one step of a key script: one step of the runner.
  @discardableResult
  public func apply(_ step: ScriptStep) -> Runner.StepResult {
    switch ScriptInput([step], clock: clock).next() {
    case .events(let events): runner.step(events)
    case .signal, .end: .running
    }
  }

  /// Applies each step of a key script in turn, until the viewer quits.
  public func apply(_ steps: [ScriptStep]) {
    for step in steps where apply(step) == .quit { return }
  }

  /// Runs `steps` and returns the final screen in `format`, or with `everyFrame` the screen after each step,
  /// separated by a line of `=` as wide as the screen.
  public func run(_ steps: [ScriptStep], everyFrame: Bool = false, format: Format = .text) -> String {
    var frames: [Screen] = []
    for step in steps {
      let result = apply(step)
      // The step that quits draws no frame in the runner; the script still shows the screen it left.
      if everyFrame { frames.append(result == .quit ? viewer.renderedScreen() : screen) }
      if result == .quit { break }
    }
    let shown = frames.isEmpty ? [screen] : frames
    let width = max(1, viewer.state.screenSize.width)
    return shown.map { screen in
      switch format {
      case .text: screen.text
      case .styled: screen.styledText
      case .ansi: screen.ansiText
      }
    }.joined(
      separator: "\n" + String(repeating: "=", count: width) + "\n")
  }
}
