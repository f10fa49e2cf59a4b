/// The geometry of one item's box in character cells.
public struct BoxMetrics: Hashable, Sendable {
  /// Rows a cell is tall for each column it is wide: terminal cells are about twice as tall as wide.
  public var cellAspect: Double
  /// Image areas are cut at this many rows so that one extreme picture cannot fill several screens.
  public var maximumImageRows: Int
  public var maximumTitleLines: Int

  public init(cellAspect: Double = 0.5, maximumImageRows: Int = 40, maximumTitleLines: Int = 2) {
    self.cellAspect = cellAspect
    self.maximumImageRows = maximumImageRows
    self.maximumTitleLines = maximumTitleLines
  }

  /// Image rows for a picture of `aspectRatio` (height / width) in a box `columnWidth` cells wide.
  public func imageRows(aspectRatio: Double, columnWidth: Int) -> Int {
    let inner = Double(max(1, columnWidth - 2))
    let rows = inner * aspectRatio * cellAspect
    guard rows.isFinite else { return 1 }
    // Rounded to nearest, halves up, as `rounded()` does for the rows kept (0 up to the maximum): a truncating
    // conversion, not the libm call `rounded()` is on x86-64, which `G` made 10^7 times.
    let kept = min(Double(maximumImageRows), max(0, rows))
    return max(1, Int(kept + 0.5))
  }

  /// Title lines for a title `titleWidth` columns wide in a box `columnWidth` cells wide.
  public func titleLines(titleWidth: Int, columnWidth: Int) -> Int {
    // Lines counted up to the maximum rather than divided: no division per item when `G` lays out 10^7.
    let inner = max(1, columnWidth - 2)
    var lines = 0
    var covered = 0
    while lines < maximumTitleLines, covered < titleWidth {
      covered += inner
      lines += 1
    }
    return lines
  }

  /// The whole box: borders, image and title.
  public func height(of item: DisplayItem, columnWidth: Int) -> Int {
    2 + imageRows(aspectRatio: item.aspectRatio, columnWidth: columnWidth)
      + titleLines(titleWidth: item.titleWidth, columnWidth: columnWidth)
  }
}
