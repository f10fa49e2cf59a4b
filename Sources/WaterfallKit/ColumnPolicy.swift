/// How many columns a given width gets: the terminal's version of the originals'
/// `numColsPortrait` / `numColsLandscape`.
public enum ColumnPolicy: Hashable, Sendable {
  /// Always this many columns (at least one).
  case fixed(Int)
  /// As many columns of at least `minimumWidth` cells as fit, between 1 and `maximumCount`.
  case adaptive(minimumWidth: Int, maximumCount: Int)

  /// The column count for a viewport `width` cells wide with `margins`.
  public func columnCount(forWidth width: Int, margins: WaterfallMargins) -> Int {
    switch self {
    case .fixed(let count):
      return max(1, count)
    case .adaptive(let minimumWidth, let maximumCount):
      let usable = width - margins.left - margins.right
      let step = max(1, minimumWidth) + margins.columnGap
      // n columns need n·minimumWidth + (n − 1)·gap cells: n ≤ (usable + gap) / step.
      let fitting = (usable + margins.columnGap) / step
      return min(max(1, maximumCount), max(1, fitting))
    }
  }
}
