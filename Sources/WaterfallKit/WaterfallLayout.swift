/// Shortest-column ("waterfall") layout of items on the character grid, in sections, with a per-column index that
/// answers visibility and hit-test queries without scanning every frame.
///
/// Content, top to bottom: the header region (`headerHeight` rows, full width), `margins.top`, the sections, the
/// footer region (full width, right after the last section), `margins.bottom`. Each section is a full-width
/// section header (its height given, zero allowed) with its own columns under it, all starting level at the
/// header's bottom; the next section starts a row gap below the previous one's tallest column (an empty section
/// with a zero-height header takes no rows). A flat layout is one section with a zero-height header.
///
/// Items have one global index, in order through the sections. Each item goes to the column of its section whose
/// next free row is the smallest, the leftmost on ties. Heights are integers, so ties are exact. Within one column
/// items only go down, through all sections, so each column is sorted by `y` at both edges of its items, which is
/// what the binary searches rely on.
public struct WaterfallLayout: Sendable {
  /// Heights below this are raised to it, so no two items ever share a cell.
  public static let minimumItemHeight = 1
  /// Heights above this (65,535 rows, 16 bits) are cut to it: no terminal shows more, and an item's place fits 8
  /// bytes.
  public static let maximumItemHeight = ItemPlace.maximumHeight
  /// Column counts above this (2,048, 11 bits) are cut to it (``Configuration``).
  public static let maximumColumnCount = ItemPlace.maximumColumns
  /// The rows the items may take, from ``itemsTop`` to the last item's top: 2^37 (1.4·10^11; 2^31 items of a
  /// 45-row box in one column fit). Appending past it stops the program (a precondition): a layout refuses it.
  public static let maximumItemRows = ItemPlace.maximumTop

  public let configuration: Configuration
  /// floor((width − left − right − (columns − 1)·gap) / columns), at least 1. The cells that the floor leaves
  /// over go to the right margin, so every column has the same width and x positions are deterministic.
  public let columnWidth: Int

  /// The first row of the sections (of the first section's header); tops are kept relative to it.
  public let itemsTop: Int

  // Per item, by global index: 8 bytes an item (``ItemPlace``), plus 4 in its column's list: 12 bytes, 115 MiB at
  // 10^7 items. A flat array keeps a full layout to one pass of appends, and fewer bytes to fault in: at 10^6
  // items the page faults cost as much as the placing. The column lists hold indices only, so a binary search
  // reads tops through them.
  var places: [ItemPlace] = []
  /// The items of each column, top to bottom (ascending index, through all sections).
  var columnItems: [[Int32]]
  /// The next free row of each column of the last section: the bottom of its last item plus the row gap.
  var nextFreeRow: [Int]

  // Per section.
  var sectionFirstItems: [Int] = []
  var sectionTops: [Int] = []
  var sectionHeaderHeights: [Int] = []
  /// The row after a section's header and items (its top when it has neither).
  var sectionBottoms: [Int] = []
  /// The row after the last section that takes any rows; the first row of the sections when none does.
  var sectionsBottom: Int

  /// An empty layout of one section whose header is `sectionHeaderHeight` rows (zero: a flat layout).
  public init(_ configuration: Configuration, sectionHeaderHeight: Int = 0) {
    self.configuration = configuration
    let margins = configuration.margins
    let columns = configuration.columnCount
    let usable = configuration.width - margins.left - margins.right - (columns - 1) * margins.columnGap
    columnWidth = max(1, usable / columns)
    columnItems = Array(repeating: [], count: columns)
    let top = configuration.headerHeight + margins.top
    itemsTop = top
    nextFreeRow = []
    sectionsBottom = top
    openSection(top: top, headerHeight: sectionHeaderHeight)
  }

  /// Lays out `heights` from scratch, as one section.
  @inlinable
  public init(_ configuration: Configuration, heights: some Sequence<Int>) {
    self.init(configuration)
    append(heights: heights)
  }

  // MARK: - Building

  /// Number of items laid out.
  public var count: Int { places.count }

  public var columnCount: Int { configuration.columnCount }

  /// Places more items after the existing ones, in the last section. Costs O(k·columns) for k items; frames
  /// already placed are not touched, and the result equals laying out all items from scratch. Inlinable, so
  /// callers in other modules get it specialised for their sequence type.
  @inlinable
  public mutating func append<Heights: Sequence<Int>>(heights newHeights: Heights) {
    let contiguous: Void? = newHeights.withContiguousStorageIfAvailable { appendContiguous($0) }
    if contiguous != nil { return }
    for height in newHeights { append(height: height) }
  }

  /// Places one more item of `rawHeight` rows (raised to ``minimumItemHeight``) in the shortest column of the
  /// last section.
  public mutating func append(height rawHeight: Int) {
    place(height: rawHeight, in: shortestColumn())
  }

  /// The bulk path of ``append(heights:)``: one pass places the items into a fresh buffer without a uniqueness
  /// check per item, a second sorts their indices into the columns by counting; each array then grows once.
  @usableFromInline
  mutating func appendContiguous(_ heights: UnsafeBufferPointer<Int>) {
    let added = heights.count
    guard added > 0 else { return }
    precondition(count + added < Int32.max, "a layout holds fewer than 2^31 items")
    let first = count
    let columns = columnCount
    let rowGap = configuration.margins.rowGap
    let origin = itemsTop
    var free = nextFreeRow
    var perColumn = [Int](repeating: 0, count: columns + 1)
    var deepestBottom = sectionsBottom
    let placed = [ItemPlace](unsafeUninitializedCapacity: added) { placeOf, filled in
      free.withUnsafeMutableBufferPointer { free in
        for offset in 0..<added {
          var column = 0
          var top = free[0]
          for candidate in 1..<columns where free[candidate] < top {
            column = candidate
            top = free[candidate]
          }
          let height = Self.clampedHeight(heights[offset])
          let bottom = top + height
          placeOf[offset] = ItemPlace(top: top - origin, height: height, column: column)
          free[column] = bottom + rowGap
          perColumn[column + 1] += 1
          deepestBottom = max(deepestBottom, bottom)
        }
      }
      filled = added
    }
    // The deepest bottom bounds every top; checked before anything keeps the places (a top past the limit was cut).
    Self.checkRows(deepestBottom - origin)
    // Counting sort: each column's new items, ascending, in one segment of a shared buffer.
    for column in 0..<columns { perColumn[column + 1] += perColumn[column] }
    var cursor = perColumn
    let byColumn = [Int32](unsafeUninitializedCapacity: added) { buffer, filled in
      for offset in 0..<added {
        let column = placed[offset].column
        buffer[cursor[column]] = Int32(truncatingIfNeeded: first + offset)
        cursor[column] += 1
      }
      filled = added
    }
    for column in 0..<columns where perColumn[column + 1] > perColumn[column] {
      columnItems[column].append(contentsOf: byColumn[perColumn[column]..<perColumn[column + 1]])
    }
    // Taken whole into an empty layout, unless storage was reserved for more (a layout appended a run at a time).
    if first == 0, places.capacity < count + added {
      places = placed
    } else {
      places.append(contentsOf: placed)
    }
    nextFreeRow = free
    sectionBottoms[sectionBottoms.count - 1] = max(sectionBottoms[sectionBottoms.count - 1], deepestBottom)
    sectionsBottom = deepestBottom
  }

  /// Stops the program when `row` (relative to ``itemsTop``; an item's top or a bound on it) is past
  /// ``maximumItemRows``: what a layout does with more rows than its places hold.
  @inline(__always)
  static func checkRows(_ row: Int) {
    precondition(row <= maximumItemRows, "a layout's items take at most 2^37 rows")
  }

  /// The leftmost column whose next free row is the smallest.
  @inline(__always)
  private func shortestColumn() -> Int {
    var column = 0
    var lowest = nextFreeRow[0]
    for candidate in 1..<nextFreeRow.count where nextFreeRow[candidate] < lowest {
      column = candidate
      lowest = nextFreeRow[candidate]
    }
    return column
  }

  @inline(__always)
  private mutating func place(height rawHeight: Int, in column: Int) {
    precondition(count < Int32.max, "a layout holds fewer than 2^31 items")
    let top = nextFreeRow[column]
    let height = Self.clampedHeight(rawHeight)
    let bottom = top + height
    Self.checkRows(top - itemsTop)
    columnItems[column].append(Int32(truncatingIfNeeded: count))
    places.append(ItemPlace(top: top - itemsTop, height: height, column: column))
    nextFreeRow[column] = bottom + configuration.margins.rowGap
    sectionBottoms[sectionBottoms.count - 1] = max(sectionBottoms[sectionBottoms.count - 1], bottom)
    sectionsBottom = max(sectionsBottom, bottom)
  }

  /// `rawHeight` between ``minimumItemHeight`` and ``maximumItemHeight``.
  @inline(__always)
  static func clampedHeight(_ rawHeight: Int) -> Int {
    min(maximumItemHeight, max(minimumItemHeight, rawHeight))
  }

  /// Starts a new last section whose header is `headerHeight` rows; later appends go into it. O(columns).
  public mutating func appendSection(headerHeight: Int) {
    let last = sectionTops.count - 1
    let takesRows = sectionBottoms[last] > sectionTops[last]
    let top = takesRows ? sectionBottoms[last] + configuration.margins.rowGap : sectionTops[last]
    openSection(top: top, headerHeight: headerHeight)
  }

  private mutating func openSection(top: Int, headerHeight rawHeight: Int) {
    let headerHeight = max(0, rawHeight)
    sectionFirstItems.append(count)
    sectionTops.append(top)
    sectionHeaderHeights.append(headerHeight)
    sectionBottoms.append(top + headerHeight)
    nextFreeRow = Array(repeating: top + headerHeight, count: columnCount)
    sectionsBottom = max(sectionsBottom, top + headerHeight)
  }

  /// Reserves storage for `capacity` items in total.
  public mutating func reserveCapacity(_ capacity: Int) {
    guard capacity > count else { return }
    places.reserveCapacity(capacity)
    // Shortest-column placement keeps columns near the mean; the slack covers the usual spread.
    let perColumn = (capacity - count) / columnCount
    for column in 0..<columnCount {
      columnItems[column].reserveCapacity(columnItems[column].count + perColumn + perColumn / 8 + 16)
    }
  }

  // MARK: - Geometry

  /// The x of the first cell of `column`.
  public func columnX(_ column: Int) -> Int {
    configuration.margins.left + column * (columnWidth + configuration.margins.columnGap)
  }

  /// The frame of item `index`.
  public func frame(of index: Int) -> GridRect {
    let place = places[index]
    return GridRect(x: columnX(place.column), y: itemsTop + place.top, width: columnWidth, height: place.height)
  }

  /// The column item `index` sits in.
  public func column(of index: Int) -> Int { places[index].column }

  /// The first row of item `index`.
  @inline(__always)
  func top(of index: Int) -> Int { itemsTop + places[index].top }

  /// The row after item `index`.
  @inline(__always)
  func bottom(of index: Int) -> Int {
    let place = places[index]
    return itemsTop + place.top + place.height
  }

  /// The items of `column`, top to bottom.
  public func items(inColumn column: Int) -> [Int] { columnItems[column].map(Int.init) }

  /// The item above `index` in the same column (possibly in an earlier section), if any. O(log n).
  public func itemAbove(_ index: Int) -> Int? {
    let items = columnItems[column(of: index)]
    let position = self.position(of: index, in: items)
    return position > 0 ? Int(items[position - 1]) : nil
  }

  /// The item below `index` in the same column (possibly in a later section), if any. O(log n).
  public func itemBelow(_ index: Int) -> Int? {
    let items = columnItems[column(of: index)]
    let position = self.position(of: index, in: items) + 1
    return position < items.count ? Int(items[position]) : nil
  }

  private func position(of index: Int, in items: [Int32]) -> Int {
    partitionPoint(items.count) { Int(items[$0]) >= index }
  }

  /// The row after the last section (or after the placeholder when there are no items).
  public var itemsBottom: Int {
    count > 0 ? sectionsBottom : sectionsBottom + configuration.placeholderHeight
  }

  /// The header region: full width at the top of the content.
  public var headerFrame: GridRect {
    GridRect(x: 0, y: 0, width: configuration.width, height: configuration.headerHeight)
  }

  /// The footer region: full width right after the last section.
  public var footerFrame: GridRect {
    GridRect(x: 0, y: itemsBottom, width: configuration.width, height: configuration.footerHeight)
  }

  /// The empty or loading placeholder region, after any section headers; empty when there are items.
  public var placeholderFrame: GridRect {
    let height = count == 0 ? configuration.placeholderHeight : 0
    return GridRect(x: 0, y: sectionsBottom, width: configuration.width, height: height)
  }

  /// Last section + footer + bottom margin.
  public var contentHeight: Int { itemsBottom + configuration.footerHeight + configuration.margins.bottom }
}
