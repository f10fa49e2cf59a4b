extension WaterfallView {
  // MARK: - Asking the data source

  /// The number of the pass that events belong to now: the running one, or the one that follows.
  var eventPass: Int { isInLayoutPass ? counters.layoutPasses : counters.layoutPasses + 1 }

  /// The item count of every section; at least one section, none negative. The counter takes the whole
  /// question as one call, as the single `numberOfItems(in:)` it replaces, so a data source without sections
  /// counts the same as before; the events list every method asked.
  func askSectionItemCounts() -> [Int] {
    guard let dataSource else { return [0] }
    counters.dataSourceCalls += 1
    eventRecorder?.record(.dataSourceCall(pass: eventPass, .numberOfSections))
    let sections = max(1, dataSource.numberOfSections(in: self))
    return (0..<sections).map { section in
      eventRecorder?.record(.dataSourceCall(pass: eventPass, .numberOfItems(section: section)))
      return max(0, dataSource.waterfallView(self, numberOfItemsInSection: section))
    }
  }

  /// Part of the section question of ``askSectionItemCounts()``: recorded as an event, not counted again.
  func askHeaderHeight(_ section: Int) -> Int {
    guard let dataSource else { return 0 }
    eventRecorder?.record(.dataSourceCall(pass: eventPass, .headerHeight(section: section)))
    return dataSource.waterfallView(self, heightForHeaderInSection: section)
  }

  /// Asks the heights of `items` for columns `columnWidth` wide, into `heights` (emptied first; a buffer the
  /// caller reuses). The layout is not touched meanwhile, so a data source may read the view's layout.
  func askHeights(_ items: Range<Int>, columnWidth: Int, into heights: inout [Int]) {
    heights.removeAll(keepingCapacity: true)
    guard !items.isEmpty else { return }
    guard let dataSource else {
      heights.append(contentsOf: repeatElement(WaterfallLayout.minimumItemHeight, count: items.count))
      return
    }
    counters.dataSourceCalls += items.count
    eventRecorder?.record(.dataSourceCall(pass: eventPass, .heights(items)))
    heights.reserveCapacity(items.count)
    dataSource.waterfallView(self, heightsForItemsIn: items, columnWidth: columnWidth, into: &heights)
  }
}
