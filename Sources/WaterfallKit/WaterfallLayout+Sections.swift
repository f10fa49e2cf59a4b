extension WaterfallLayout {
  // MARK: - Sections

  /// Number of sections; at least one.
  public var sectionCount: Int { sectionTops.count }

  /// The item count of each section, in order.
  public var sectionItemCounts: [Int] { (0..<sectionCount).map { itemRange(inSection: $0).count } }

  /// The global indices of the items of `section`.
  public func itemRange(inSection section: Int) -> Range<Int> {
    let end = section + 1 < sectionCount ? sectionFirstItems[section + 1] : count
    return sectionFirstItems[section]..<end
  }

  /// The section item `index` belongs to. O(log s).
  public func section(ofItem index: Int) -> Int {
    // The last section starting at or before the index: empty sections before it start at the same index.
    lastSection { sectionFirstItems[$0] <= index } ?? 0
  }

  /// The section whose rows (header, columns and the gap after them) hold row `y`; `nil` above the first
  /// section. O(log s).
  public func section(atRow y: Int) -> Int? {
    lastSection { sectionTops[$0] <= y }
  }

  /// The full-width header of `section`, where it scrolls with the content. Empty when its height is zero.
  public func sectionHeaderFrame(_ section: Int) -> GridRect {
    GridRect(x: 0, y: sectionTops[section], width: configuration.width, height: sectionHeaderHeights[section])
  }

  /// The rows of `section`: its header and its columns down to the tallest one's bottom.
  public func sectionFrame(_ section: Int) -> GridRect {
    GridRect(
      x: 0, y: sectionTops[section], width: configuration.width,
      height: sectionBottoms[section] - sectionTops[section])
  }

  /// Calls `body` with each section whose header (of nonzero height) shares a cell with `rect`, in order.
  /// O(log s + k), allocating nothing.
  public func forEachSectionHeader(intersecting rect: GridRect, _ body: (Int) -> Void) {
    guard !rect.isEmpty, rect.x < configuration.width, rect.maxX > 0 else { return }
    // Header bottoms never decrease from section to section, so the first one below rect.y is found by search.
    var section = firstSection { sectionTops[$0] + sectionHeaderHeights[$0] > rect.y }
    while section < sectionCount, sectionTops[section] < rect.maxY {
      if sectionHeaderHeights[section] > 0 { body(section) }
      section += 1
    }
  }

  /// The sections whose headers share a cell with `rect`, in order.
  public func sectionHeaders(intersecting rect: GridRect) -> [Int] {
    var found: [Int] = []
    forEachSectionHeader(intersecting: rect) { found.append($0) }
    return found
  }

  /// The header to pin at the top of a viewport whose first row is `offset`: the section that row falls in,
  /// with its header at `offset`, pushed up by the end of the section so it never covers the next header.
  /// `nil` while the first section's header is still at or below the viewport top, and for a zero-height
  /// header. O(log s).
  public func pinnedSectionHeader(atOffset offset: Int) -> PinnedSectionHeader? {
    guard let section = section(atRow: offset), offset > sectionTops[section] else { return nil }
    let height = sectionHeaderHeights[section]
    guard height > 0 else { return nil }
    let y = min(offset, sectionBottoms[section] - height)
    return PinnedSectionHeader(
      section: section, frame: GridRect(x: 0, y: y, width: configuration.width, height: height))
  }

  /// The last section for which `isAtOrBefore` holds, given it holds for a prefix of the sections.
  private func lastSection(where isAtOrBefore: (Int) -> Bool) -> Int? {
    let first = firstSection { !isAtOrBefore($0) }
    return first > 0 ? first - 1 : nil
  }

  /// The first section for which `isPast` holds, given it holds for a suffix; `sectionCount` when none.
  private func firstSection(where isPast: (Int) -> Bool) -> Int {
    partitionPoint(sectionCount, where: isPast)
  }
}
