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
    let rows = (inner * aspectRatio * cellAspect).rounded()
    guard rows.isFinite else { return 1 }
    return Int(min(Double(maximumImageRows), max(1, rows)))
  }

  /// Title lines for a title `titleWidth` columns wide in a box `columnWidth` cells wide.
  public func titleLines(titleWidth: Int, columnWidth: Int) -> Int {
    guard titleWidth > 0 else { return 0 }
    let inner = max(1, columnWidth - 2)
    return min(maximumTitleLines, (titleWidth + inner - 1) / inner)
  }

  /// The whole box: borders, image and title.
  public func height(of item: DisplayItem, columnWidth: Int) -> Int {
    2 + imageRows(aspectRatio: item.aspectRatio, columnWidth: columnWidth)
      + titleLines(titleWidth: item.titleWidth, columnWidth: columnWidth)
  }
}
