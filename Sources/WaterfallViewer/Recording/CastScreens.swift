import WaterfallKit

/// A recording's screens over time, read back from its output events by a terminal of our own
/// (``TerminalEmulator``), so `waterfall render` draws what a terminal showed: this program's recordings
/// (`TerminalFrameEncoder`) and asciinema's of any program alike. A recording is untrusted: nothing here reaches a
/// terminal, and nothing can move outside the screen. Pure.
public enum CastScreens {
  /// Each output or resize event's screen, with its time in milliseconds; the last event's time is where the
  /// recording ends.
  ///
  /// A resize event resizes the terminal, what fits staying where it was. The picture keeps the header's size
  /// (as agg's does: agg reads no resize event at all), so a larger screen is cut at its edges and a smaller one
  /// leaves the rest of the picture blank.
  public static func screens(_ cast: Asciicast) -> (screens: [(milliseconds: Int, screen: Screen)], end: Int) {
    var terminal = TerminalEmulator(
      width: min(max(1, cast.width), KeyScript.maximumSize.width),
      height: min(max(1, cast.height), KeyScript.maximumSize.height))
    var screens: [(milliseconds: Int, screen: Screen)] = []
    var end = 0
    for event in cast.events {
      let milliseconds = Int((max(0, event.time) * 1000).rounded())
      end = max(end, milliseconds)
      switch event.kind {
      case .output: terminal.feed(event.data)
      case .resize:
        let parts = event.data.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { continue }
        terminal.resize(
          width: min(max(1, parts[0]), KeyScript.maximumSize.width),
          height: min(max(1, parts[1]), KeyScript.maximumSize.height))
      default: continue
      }
      if let last = screens.last, last.milliseconds == milliseconds { screens.removeLast() }
      screens.append((milliseconds, terminal.screen))
    }
    return (screens, end)
  }
}
