extension WaterfallLayout {
  // MARK: - Visibility

  /// The items whose frames share a cell with `rect`, in ascending index order.
  /// O(columns·log n + k). Allocates the array it returns: a caller that asks on every pass should reuse a
  /// buffer with ``items(intersecting:into:)`` or visit with ``forEachItem(intersecting:_:)``.
  public func items(intersecting rect: GridRect) -> [Int] {
    var found: [Int] = []
    items(intersecting: rect, into: &found)
    return found
  }

  /// Replaces the contents of `buffer` with the items intersecting `rect`, ascending. Keeps the buffer's
  /// capacity, so a buffer reused from pass to pass stops allocating once it is large enough.
  public func items(intersecting rect: GridRect, into buffer: inout [Int]) {
    buffer.removeAll(keepingCapacity: true)
    mergeColumnRuns(intersecting: rect) { buffer.append($0) }
  }

  /// Calls `body` with each item whose frame shares a cell with `rect`, in ascending index order, allocating
  /// nothing. O(columns·log n + k·columns'): a binary search per column the rect overlaps, then a merge of the
  /// columns' runs (each already ascending) instead of a sort.
  public func forEachItem(intersecting rect: GridRect, _ body: (Int) -> Void) {
    mergeColumnRuns(intersecting: rect, body)
  }

  /// The work of ``forEachItem(intersecting:_:)``, inlined into its callers so that the buffer version appends
  /// directly instead of through a closure call per item.
  @inline(__always)
  private func mergeColumnRuns(intersecting rect: GridRect, _ body: (Int) -> Void) {
    guard !rect.isEmpty, count > 0 else { return }
    withUnsafeTemporaryAllocation(of: ColumnRun.self, capacity: columnCount) { runs in
      var active = 0
      for column in 0..<columnCount {
        let left = columnX(column)
        guard left < rect.maxX, rect.x < left + columnWidth else { continue }
        let start = firstPosition(inColumn: column, endingBelow: rect.y)
        let end = firstPosition(inColumn: column, startingAtOrBelow: rect.maxY, from: start)
        guard start < end else { continue }
        runs[active] = ColumnRun(column: column, position: start, end: end, item: Int(columnItems[column][start]))
        active += 1
      }
      while active > 1 {
        var lowest = 0
        for run in 1..<active where runs[run].item < runs[lowest].item { lowest = run }
        body(runs[lowest].item)
        runs[lowest].position += 1
        if runs[lowest].position < runs[lowest].end {
          runs[lowest].item = Int(columnItems[runs[lowest].column][runs[lowest].position])
        } else {
          active -= 1
          runs[lowest] = runs[active]
        }
      }
      if active == 1 {
        for item in columnItems[runs[0].column][runs[0].position..<runs[0].end] { body(Int(item)) }
      }
    }
  }

  /// One column's place in the merge of ``forEachItem(intersecting:_:)``.
  struct ColumnRun {
    var column: Int
    var position: Int
    var end: Int
    var item: Int
  }

  // MARK: - Hit testing

  /// What lies under `point`, found by geometry in O(log s + log n): a section header by a binary search over
  /// the sections, else the column from x and a binary search by y.
  public func hitTest(_ point: GridPoint) -> HitTarget {
    let margins = configuration.margins
    guard point.x >= 0, point.x < configuration.width, point.y >= 0, point.y < contentHeight else {
      return .outside
    }
    if headerFrame.contains(point) { return .header }
    if footerFrame.contains(point) { return .footer }
    if let section = section(atRow: point.y), point.y < sectionTops[section] + sectionHeaderHeights[section] {
      return .sectionHeader(section)
    }
    let offsetX = point.x - margins.left
    guard offsetX >= 0, point.y >= itemsTop, point.y < itemsBottom else { return .margin }
    let step = columnWidth + margins.columnGap
    let column = offsetX / step
    guard column < columnCount else { return .margin }
    guard offsetX % step < columnWidth else { return column == columnCount - 1 ? .margin : .gap }
    let position = firstPosition(inColumn: column, endingBelow: point.y)
    let items = columnItems[column]
    if position < items.count, top(of: Int(items[position])) <= point.y {
      return .item(Int(items[position]))
    }
    return .gap
  }

  /// The first position in `column`, from `start` on, whose item starts at or below row `y`. A linear walk: the
  /// positions it passes are the items the query reports anyway.
  func firstPosition(inColumn column: Int, startingAtOrBelow y: Int, from start: Int) -> Int {
    let items = columnItems[column]
    var position = start
    while position < items.count, top(of: Int(items[position])) < y { position += 1 }
    return position
  }

  /// The first position in `column` (top to bottom) whose item ends below row `y`. The search reads tops only
  /// (one memory access a step, not two): past the last item starting at or above `y`, every item ends below
  /// it, so only that one item's bottom needs reading.
  func firstPosition(inColumn column: Int, endingBelow y: Int) -> Int {
    let items = columnItems[column]
    let low = partitionPoint(items.count) { top(of: Int(items[$0])) > y }
    guard low > 0 else { return 0 }
    return bottom(of: Int(items[low - 1])) > y ? low - 1 : low
  }
}

extension WaterfallLayout {
  /// The frames ``forEachItem(intersecting:_:)`` reads for `rect`: in each column it overlaps, a binary search's
  /// probes (at most the bit length of the column's count) and the one bottom it checks, then the run it walks
  /// and the frame past it. What the reuse inspector sets beside the originals' scans.
  public func framesExamined(intersecting rect: GridRect) -> Int {
    guard !rect.isEmpty, count > 0 else { return 0 }
    var examined = 0
    for column in 0..<columnCount {
      let left = columnX(column)
      guard left < rect.maxX, rect.x < left + columnWidth else { continue }
      let length = columnItems[column].count
      let probes = Int.bitWidth - length.leadingZeroBitCount
      let start = firstPosition(inColumn: column, endingBelow: rect.y)
      let end = firstPosition(inColumn: column, startingAtOrBelow: rect.maxY, from: start)
      examined += probes + 1 + (end - start) + (end < length ? 1 : 0)
    }
    return examined
  }
}
