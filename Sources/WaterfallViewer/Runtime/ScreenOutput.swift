/// Where frames go. Injected: curses in the terminal (which writes only what changed), memory in snapshots and
/// tests.
public protocol ScreenOutput: AnyObject {
  func present(_ screen: Screen)
  /// Forgets what is on the terminal, so the next frame is drawn whole (a resize, Ctrl-L).
  func invalidate()
  /// Puts `text` on the clipboard (the terminal does it, through OSC 52).
  func copyToClipboard(_ text: String)
  /// Notes a moment worth finding later (a frame over budget): a recording keeps it as a marker.
  func mark(_ label: String)
}

extension ScreenOutput {
  /// An output without a terminal has no clipboard to reach.
  public func copyToClipboard(_ text: String) {}
  /// Only a recording keeps marks.
  public func mark(_ label: String) {}
}

/// Keeps the last frame presented: what `waterfall snapshot` prints and tests read.
public final class InMemoryOutput: ScreenOutput {
  public private(set) var lastFrame: Screen?
  /// What was put on the clipboard, last first.
  public private(set) var clipboard: [String] = []

  public init() {}

  public func present(_ screen: Screen) { lastFrame = screen }

  public func invalidate() {}

  public func copyToClipboard(_ text: String) { clipboard.insert(text, at: 0) }
}
