extension WaterfallView {
  // MARK: - Asking the data source

  /// The number of the pass that events belong to now: the running one, or the one that follows.
  var eventPass: Int { isInLayoutPass ? counters.layoutPasses : counters.layoutPasses + 1 }

  /// The item count of every section; at least one section, none negative.
  func askSectionItemCounts() -> [Int] {
    guard let dataSource else { return [0] }
    counters.dataSourceCalls += 1
    eventRecorder?.record(.dataSourceCall(pass: eventPass, .numberOfSections))
    let sections = max(1, dataSource.numberOfSections(in: self))
    return (0..<sections).map { section in
      counters.dataSourceCalls += 1
      eventRecorder?.record(.dataSourceCall(pass: eventPass, .numberOfItems(section: section)))
      return max(0, dataSource.waterfallView(self, numberOfItemsInSection: section))
    }
  }

  func askHeaderHeight(_ section: Int) -> Int {
    guard let dataSource else { return 0 }
    counters.dataSourceCalls += 1
    eventRecorder?.record(.dataSourceCall(pass: eventPass, .headerHeight(section: section)))
    return dataSource.waterfallView(self, heightForHeaderInSection: section)
  }

  /// Asks the heights of the items from `layout.count` up to `end` and appends them to `layout`'s last section
  /// in one bulk append, through `heights`, a buffer the caller reuses.
  func appendHeights(upTo end: Int, into layout: inout WaterfallLayout, _ heights: inout [Int]) {
    let start = layout.count
    guard end > start else { return }
    heights.removeAll(keepingCapacity: true)
    if let dataSource {
      let width = layout.columnWidth
      counters.dataSourceCalls += end - start
      eventRecorder?.record(.dataSourceCall(pass: eventPass, .heights(start..<end)))
      for index in start..<end {
        heights.append(dataSource.waterfallView(self, heightForItemAt: index, columnWidth: width))
      }
    } else {
      heights.append(contentsOf: repeatElement(WaterfallLayout.minimumItemHeight, count: end - start))
    }
    layout.append(heights: heights)
  }
}
