/// Shortest-column ("waterfall") layout of items on the character grid, with a per-column index that answers
/// visibility and hit-test queries without scanning every frame.
///
/// Content, top to bottom: the header region (`headerHeight` rows, full width), `margins.top`, the columns,
/// the footer region (full width, right after the tallest column), `margins.bottom`.
///
/// Each item goes to the column whose next free row is the smallest, the leftmost on ties. Heights are integers,
/// so ties are exact. Within one column items only go down, so each column is sorted by `y` both at the top and
/// at the bottom edge of its items, which is what the binary searches rely on.
public struct WaterfallLayout: Sendable {
  /// Heights below this are raised to it, so no two items ever share a cell.
  public static let minimumItemHeight = 1

  /// The inputs that decide every frame.
  public struct Configuration: Hashable, Sendable {
    // Constants, so the clamp in init always holds.
    public let width: Int
    /// Between 1 and the number of one-cell columns that fit the width: larger counts are clamped.
    public let columnCount: Int
    public let margins: WaterfallMargins
    public var headerHeight: Int
    public var footerHeight: Int
    /// Rows the empty or loading state takes in place of the columns when there are no items.
    public var placeholderHeight: Int

    public init(
      width: Int, columnCount: Int, margins: WaterfallMargins = WaterfallMargins(), headerHeight: Int = 0,
      footerHeight: Int = 0, placeholderHeight: Int = 0
    ) {
      self.width = max(0, width)
      // At most as many columns as fit one cell wide each, so any count (Int.max included) is safe to lay out.
      let fitting = (self.width - margins.left - margins.right + margins.columnGap) / (1 + margins.columnGap)
      self.columnCount = max(1, min(columnCount, fitting))
      self.margins = margins
      self.headerHeight = max(0, headerHeight)
      self.footerHeight = max(0, footerHeight)
      self.placeholderHeight = max(0, placeholderHeight)
    }
  }

  public let configuration: Configuration
  /// floor((width − left − right − (columns − 1)·gap) / columns), at least 1. The cells that the floor leaves
  /// over go to the right margin, so every column has the same width and x positions are deterministic.
  public let columnWidth: Int

  // Stored per column, top to bottom, so that a binary search reads one contiguous array of bottoms instead of
  // hopping from item indices to item arrays: a random jump at 10^6 items touches a third of the cache lines.
  private var columnOfItem: [Int] = []
  private var rowInColumn: [Int] = []
  private var columnItems: [[Int]]
  private var columnTops: [[Int]]
  private var columnBottoms: [[Int]]
  /// The next free row of each column: the bottom of its last item plus the row gap.
  private var nextFreeRow: [Int]

  public init(_ configuration: Configuration) {
    self.configuration = configuration
    let margins = configuration.margins
    let columns = configuration.columnCount
    let usable = configuration.width - margins.left - margins.right - (columns - 1) * margins.columnGap
    columnWidth = max(1, usable / columns)
    columnItems = Array(repeating: [], count: columns)
    columnTops = Array(repeating: [], count: columns)
    columnBottoms = Array(repeating: [], count: columns)
    nextFreeRow = Array(repeating: configuration.headerHeight + margins.top, count: columns)
  }

  /// Lays out `heights` from scratch.
  @inlinable
  public init(_ configuration: Configuration, heights: some Sequence<Int>) {
    self.init(configuration)
    append(heights: heights)
  }

  // MARK: - Building

  /// Number of items laid out.
  public var count: Int { columnOfItem.count }

  public var columnCount: Int { configuration.columnCount }

  /// Places more items after the existing ones. Costs O(k·columns) for k items; frames already placed are not
  /// touched, and the result equals laying out all items from scratch. Inlinable, so callers in other modules
  /// get it specialised for their sequence type.
  @inlinable
  public mutating func append<Heights: Sequence<Int>>(heights newHeights: Heights) {
    for height in newHeights { append(height: height) }
  }

  /// Places one more item of `rawHeight` rows (raised to ``minimumItemHeight``) in the shortest column.
  public mutating func append(height rawHeight: Int) {
    let height = max(Self.minimumItemHeight, rawHeight)
    var column = 0
    for candidate in 1..<nextFreeRow.count where nextFreeRow[candidate] < nextFreeRow[column] {
      column = candidate
    }
    let top = nextFreeRow[column]
    rowInColumn.append(columnItems[column].count)
    columnItems[column].append(columnOfItem.count)
    columnOfItem.append(column)
    columnTops[column].append(top)
    columnBottoms[column].append(top + height)
    nextFreeRow[column] = top + height + configuration.margins.rowGap
  }

  /// Reserves storage for `capacity` items in total.
  public mutating func reserveCapacity(_ capacity: Int) {
    columnOfItem.reserveCapacity(capacity)
    rowInColumn.reserveCapacity(capacity)
  }

  // MARK: - Geometry

  /// The x of the first cell of `column`.
  public func columnX(_ column: Int) -> Int {
    configuration.margins.left + column * (columnWidth + configuration.margins.columnGap)
  }

  /// The frame of item `index`.
  public func frame(of index: Int) -> GridRect {
    let column = columnOfItem[index]
    let row = rowInColumn[index]
    let top = columnTops[column][row]
    return GridRect(x: columnX(column), y: top, width: columnWidth, height: columnBottoms[column][row] - top)
  }

  /// The column item `index` sits in.
  public func column(of index: Int) -> Int { columnOfItem[index] }

  /// The items of `column`, top to bottom.
  public func items(inColumn column: Int) -> [Int] { columnItems[column] }

  /// The item above `index` in the same column, if any.
  public func itemAbove(_ index: Int) -> Int? {
    let row = rowInColumn[index]
    return row > 0 ? columnItems[columnOfItem[index]][row - 1] : nil
  }

  /// The item below `index` in the same column, if any.
  public func itemBelow(_ index: Int) -> Int? {
    let items = columnItems[columnOfItem[index]]
    let row = rowInColumn[index] + 1
    return row < items.count ? items[row] : nil
  }

  /// The first row of the columns.
  public var itemsTop: Int { configuration.headerHeight + configuration.margins.top }

  /// The row after the tallest column (or after the placeholder when there are no items).
  public var itemsBottom: Int {
    guard count > 0 else { return itemsTop + configuration.placeholderHeight }
    return columnBottoms.reduce(itemsTop) { max($0, $1.last ?? $0) }
  }

  /// The header region: full width at the top of the content.
  public var headerFrame: GridRect {
    GridRect(x: 0, y: 0, width: configuration.width, height: configuration.headerHeight)
  }

  /// The footer region: full width right after the tallest column.
  public var footerFrame: GridRect {
    GridRect(x: 0, y: itemsBottom, width: configuration.width, height: configuration.footerHeight)
  }

  /// The empty or loading placeholder region; empty when there are items.
  public var placeholderFrame: GridRect {
    let height = count == 0 ? configuration.placeholderHeight : 0
    return GridRect(x: 0, y: itemsTop, width: configuration.width, height: height)
  }

  /// Tallest column + footer + bottom margin.
  public var contentHeight: Int { itemsBottom + configuration.footerHeight + configuration.margins.bottom }

  // MARK: - Queries

  /// The items whose frames share a cell with `rect`, in ascending index order.
  /// O(columns·log n + k): a binary search per column the rect overlaps, then only the k items found.
  public func items(intersecting rect: GridRect) -> [Int] {
    guard !rect.isEmpty, count > 0 else { return [] }
    var found: [Int] = []
    for column in 0..<columnCount {
      let left = columnX(column)
      guard left < rect.maxX, rect.x < left + columnWidth else { continue }
      let tops = columnTops[column]
      var position = firstRow(inColumn: column, endingBelow: rect.y)
      while position < tops.count, tops[position] < rect.maxY {
        found.append(columnItems[column][position])
        position += 1
      }
    }
    // Each column's run is already ascending; k is small, so sorting the concatenation is cheap.
    found.sort()
    return found
  }

  /// What lies under `point`, found by geometry in O(log n): the column from x, then a binary search by y.
  public func hitTest(_ point: GridPoint) -> HitTarget {
    let margins = configuration.margins
    guard point.x >= 0, point.x < configuration.width, point.y >= 0, point.y < contentHeight else {
      return .outside
    }
    if headerFrame.contains(point) { return .header }
    if footerFrame.contains(point) { return .footer }
    let offsetX = point.x - margins.left
    guard offsetX >= 0, point.y >= itemsTop, point.y < itemsBottom else { return .margin }
    let step = columnWidth + margins.columnGap
    let column = offsetX / step
    guard column < columnCount else { return .margin }
    guard offsetX % step < columnWidth else { return column == columnCount - 1 ? .margin : .gap }
    let position = firstRow(inColumn: column, endingBelow: point.y)
    if position < columnTops[column].count, columnTops[column][position] <= point.y {
      return .item(columnItems[column][position])
    }
    return .gap
  }

  /// The first position in `column` (top to bottom) whose item ends below row `y`.
  private func firstRow(inColumn column: Int, endingBelow y: Int) -> Int {
    let bottoms = columnBottoms[column]
    var low = 0
    var high = bottoms.count
    while low < high {
      let middle = (low + high) / 2
      if bottoms[middle] <= y {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}
