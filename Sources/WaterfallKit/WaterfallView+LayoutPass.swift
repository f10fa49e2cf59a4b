extension WaterfallView {
  // MARK: - The layout pass

  /// Recycles the cells whose item left the buffered viewport and asks the data source for the items that entered
  /// it. Cells that stay are not touched. O(columns·log n + k), and no allocation once the view's scratch buffer
  /// and visible map have grown to the viewport's size. Leaving and entering items are handled in ascending
  /// index order.
  public func layoutPass() {
    counters.layoutPasses += 1
    isInLayoutPass = true
    defer { isInLayoutPass = false }
    let recorder = eventRecorder
    let pass = counters.layoutPasses
    let keep = bufferedRect
    recorder?.record(.passStarted(pass: pass, bufferedRect: keep))
    // Taken out of the view for the pass, so a data source that reenters gets its own buffer.
    var indices: [Int] = []
    swap(&indices, &scratchIndices)
    defer { swap(&indices, &scratchIndices) }
    indices.removeAll(keepingCapacity: true)
    for index in visibleCells.keys where index >= itemCount || !layout.frame(of: index).intersects(keep) {
      indices.append(index)
    }
    Self.sortSmall(&indices)
    for index in indices {
      guard let cell = visibleCells.removeValue(forKey: index) else { continue }
      recycle(cell, from: index)
    }
    if let dataSource {
      layout.items(intersecting: keep, into: &indices)
      for index in indices where visibleCells[index] == nil {
        counters.dataSourceCalls += 1
        recorder?.record(.dataSourceCall(pass: pass, .cell(item: index)))
        let cell = dataSource.waterfallView(self, cellForItemAt: index)
        cell.itemIndex = index
        visibleCells[index] = cell
        if let recorder { recordEntry(of: cell, for: index, pass: pass, in: recorder) }
        delegate?.waterfallView(self, willDisplay: cell, forItemAt: index)
      }
    }
    recorder?.record(.passEnded(pass: pass, liveCells: visibleCells.count, pooledCells: pool.count))
  }

  private func recordEntry(of cell: WaterfallCell, for index: Int, pass: Int, in recorder: LayoutEventRecorder) {
    let origin = lastServed.flatMap { $0.objectID == cell.objectID ? $0.origin : nil } ?? .suppliedByDataSource
    lastServed = nil
    recorder.record(.itemEntered(pass: pass, item: index, cell: CellIdentity(cell), origin: origin))
  }

  func recycle(_ cell: WaterfallCell, from index: Int) {
    counters.cellsEnqueued += 1
    let identity = eventRecorder.map { _ in CellIdentity(cell) }
    let kept = pool.enqueue(cell)
    if !kept { counters.cellsDropped += 1 }
    if let identity {
      eventRecorder?.record(
        .itemLeft(pass: eventPass, item: index, cell: identity, destination: kept ? .pool : .dropped))
    }
    delegate?.waterfallView(self, didEndDisplaying: cell, forItemAt: index)
  }

  func recycleAllCells() {
    for (index, cell) in visibleCells.sorted(by: { $0.key < $1.key }) {
      recycle(cell, from: index)
    }
    visibleCells.removeAll()
  }

  /// Sorts in place without the temporary buffer the standard sort may allocate: a one-row step leaves a
  /// handful of cells, a jump a few dozen.
  static func sortSmall(_ values: inout [Int]) {
    guard values.count > 1 else { return }
    guard values.count <= 64 else { return values.sort() }
    for next in 1..<values.count {
      let value = values[next]
      var position = next
      while position > 0, values[position - 1] > value {
        values[position] = values[position - 1]
        position -= 1
      }
      values[position] = value
    }
  }
}
