import TestSupport
import Testing
import WaterfallKit

@Suite("The layout pass and cell reuse")
struct LayoutPassTests {
  @Test("the live cells are exactly the items in the buffered viewport, after every scroll step")
  func liveCellsMatchBufferedViewport() {
    var random = SeededGenerator(seed: 42)
    let source = RecordingSource(heights: (0..<500).map { _ in Int.random(in: 1...15, using: &random) })
    let view = source.makeView()
    for _ in 0..<300 {
      view.userScroll(byRows: Int.random(in: -20...25, using: &random))
      let expected = Oracle.items(view.layout, intersecting: view.bufferedRect)
      #expect(view.visibleCells.keys.sorted() == expected)
      for (index, cell) in view.visibleCells { #expect(cell.itemIndex == index && view.cell(at: index) === cell) }
    }
  }

  @Test("scrolling row by row through 10,000 items creates no more cells than viewport plus buffer hold")
  func rowByRowCreatesBoundedCells() {
    var random = SeededGenerator(seed: 7)
    let source = RecordingSource(heights: (0..<10_000).map { _ in Int.random(in: 3...12, using: &random) })
    let view = source.makeView(width: 100, height: 30)
    var mostAlive = view.visibleCells.count
    while view.contentOffset < view.maximumOffset {
      view.userScroll(byRows: 1)
      mostAlive = max(mostAlive, view.visibleCells.count)
    }
    let stats = view.statistics
    // Bound from geometry: rows of the buffered rect over the smallest item (height + gap), plus one per column.
    let rows = view.bufferedRect.height
    let bound = view.columnCount * (rows / (3 + 1) + 2)
    #expect(stats.cellsCreated <= bound)
    // A cell is created only when the pool is empty, so every created cell was alive at that moment.
    #expect(stats.cellsCreated == mostAlive)
    #expect(stats.cellsReused > 9_000)
    #expect(stats.cellsEnqueued == stats.cellsReused + stats.pooledCells + stats.cellsDropped)
    #expect(stats.cellsCreated == stats.liveCells + stats.pooledCells + stats.cellsDropped)
    #expect(stats.liveCells == view.visibleCells.count)
  }

  @Test("cells that stay in view are never asked for again, and the data source is asked only for new items")
  func stayingCellsAreUntouched() {
    let source = RecordingSource(heights: Array(repeating: 5, count: 300))
    let view = source.makeView(width: 60, height: 20, columns: .fixed(2))
    let before = view.visibleCells.mapValues(ObjectIdentifier.init)
    source.cellRequests.removeAll()
    view.userScroll(byRows: 3)
    for (index, identity) in before where view.visibleCells[index] != nil {
      #expect(ObjectIdentifier(view.visibleCells[index]!) == identity)
    }
    #expect(Set(source.cellRequests).isDisjoint(with: before.keys))
    #expect(Set(source.cellRequests) == Set(view.visibleCells.keys).subtracting(before.keys))
  }

  @Test("a reload that keeps the items keeps their cells; a reload that drops them recycles all")
  func reloadKeepsCells() {
    let source = RecordingSource(heights: Array(repeating: 4, count: 100))
    let view = source.makeView()
    let before = view.visibleCells.mapValues(ObjectIdentifier.init)
    source.cellRequests.removeAll()
    view.reloadData()
    #expect(view.visibleCells.mapValues(ObjectIdentifier.init) == before)
    #expect(source.cellRequests.isEmpty)
    view.reloadData(keepingCells: false)
    #expect(source.cellRequests.sorted() == before.keys.sorted())
    #expect(view.statistics.cellsCreated == before.count, "the pool survives the reload: all came back reused")
  }

  @Test("the buffer follows the current viewport height, and can be set")
  func bufferFollowsViewport() {
    let source = RecordingSource(heights: Array(repeating: 4, count: 100))
    let view = WaterfallView(viewportSize: GridSize(width: 0, height: 0))
    view.dataSource = source
    view.register(identifier: RecordingSource.identifier) {
      WaterfallCell(reuseIdentifier: RecordingSource.identifier, objectID: $0)
    }
    view.reloadData()
    #expect(view.visibleCells.isEmpty)
    view.setViewportSize(GridSize(width: 80, height: 40))
    #expect(view.bufferedRect == GridRect(x: 0, y: -10, width: 80, height: 60))
    #expect(!view.visibleCells.isEmpty)
    view.bufferRows = 0
    #expect(view.bufferedRect == view.viewportRect)
  }

  @Test("the pool keeps several identifiers apart, calls prepareForReuse, and is bounded")
  func poolByIdentifier() {
    final class Cell: WaterfallCell {
      var prepared = 0
      override func prepareForReuse() { prepared += 1 }
    }
    var pool = ReusePool(capacityPerIdentifier: 2)
    let cells = (0..<3).map { Cell(reuseIdentifier: "a", objectID: $0) }
    let other = Cell(reuseIdentifier: "b", objectID: 9)
    let kept = [cells[0], cells[1], cells[2], other].map { pool.enqueue($0) }
    #expect(kept == [true, true, false, true], "the third \"a\" is over capacity and dropped")
    #expect(cells.allSatisfy { $0.prepared == 1 })
    #expect(pool.sizes == ["a": 2, "b": 1])
    let fromB = [pool.dequeue(identifier: "b"), pool.dequeue(identifier: "b")]
    #expect(fromB[0] === other && fromB[1] == nil)
    let fromA = pool.dequeue(identifier: "a")
    #expect(fromA != nil)
    #expect(pool.count(for: "a") == 1)
  }

  @Test("delegate hears willDisplay and didEndDisplaying in step with the visible map")
  func displayCallbacks() {
    let source = RecordingSource(heights: Array(repeating: 6, count: 200))
    let view = source.makeView(width: 40, height: 10, columns: .fixed(1))
    view.scroll(toOffset: 500)
    let shown = Set(source.displayed)
    let ended = source.endedDisplaying
    #expect(Set(ended).isSubset(of: shown))
    #expect(Set(view.visibleCells.keys) == shown.subtracting(ended))
  }
}
