/// Where frames go. Injected: curses in the terminal (which writes only what changed), memory in snapshots and
/// tests.
public protocol ScreenOutput: AnyObject {
  func present(_ screen: Screen)
  /// Forgets what is on the terminal, so the next frame is drawn whole (a resize, Ctrl-L).
  func invalidate()
}

/// Keeps the last frame presented: what `waterfall snapshot` prints and tests read.
public final class InMemoryOutput: ScreenOutput {
  public private(set) var lastFrame: Screen?

  public init() {}

  public func present(_ screen: Screen) { lastFrame = screen }

  public func invalidate() {}
}
