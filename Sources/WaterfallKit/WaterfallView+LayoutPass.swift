extension WaterfallView {
  // MARK: - The layout pass

  /// Recycles the cells whose item left the buffered viewport and asks the data source for the items that entered
  /// it. Cells that stay are not touched. O(columns·log n + k).
  public func layoutPass() {
    counters.layoutPasses += 1
    let keep = bufferedRect
    var leaving: [Int] = []
    for index in visibleCells.keys where index >= itemCount || !layout.frame(of: index).intersects(keep) {
      leaving.append(index)
    }
    for index in leaving.sorted() {
      guard let cell = visibleCells.removeValue(forKey: index) else { continue }
      recycle(cell, from: index)
    }
    guard let dataSource else { return }
    for index in layout.items(intersecting: keep) where visibleCells[index] == nil {
      counters.dataSourceCalls += 1
      let cell = dataSource.waterfallView(self, cellForItemAt: index)
      cell.itemIndex = index
      visibleCells[index] = cell
      delegate?.waterfallView(self, willDisplay: cell, forItemAt: index)
    }
  }

  func recycle(_ cell: WaterfallCell, from index: Int) {
    counters.cellsEnqueued += 1
    if !pool.enqueue(cell) { counters.cellsDropped += 1 }
    delegate?.waterfallView(self, didEndDisplaying: cell, forItemAt: index)
  }

  func recycleAllCells() {
    for (index, cell) in visibleCells.sorted(by: { $0.key < $1.key }) {
      recycle(cell, from: index)
    }
    visibleCells.removeAll()
  }
}
