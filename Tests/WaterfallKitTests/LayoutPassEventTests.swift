import TestSupport
import Testing
import WaterfallKit

@Suite("Layout-pass events, against the engine's own accounting")
struct LayoutPassEventTests {
  static let seeds: [UInt64] = Array(1...40)

  /// A view with a small pool, so that some cells are dropped, and a recorder that keeps everything.
  static func recordedView(
    _ random: inout SeededGenerator, poolCapacity: Int
  ) -> (RecordingSource, WaterfallView, LayoutEventRecorder) {
    let source = RecordingSource(heights: (0..<400).map { _ in Int.random(in: 1...12, using: &random) })
    let view = WaterfallView(
      viewportSize: GridSize(width: 90, height: 30), columnPolicy: .fixed(3),
      poolCapacityPerIdentifier: poolCapacity)
    view.register(identifier: RecordingSource.identifier) {
      WaterfallCell(reuseIdentifier: RecordingSource.identifier, objectID: $0)
    }
    let recorder = LayoutEventRecorder(capacity: 1_000_000)
    view.eventRecorder = recorder
    view.dataSource = source
    view.delegate = source
    view.reloadData()
    return (source, view, recorder)
  }

  static func randomMove(_ view: WaterfallView, _ source: RecordingSource, _ random: inout SeededGenerator) {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: view.userScroll(toOffset: Int.random(in: 0...view.maximumOffset, using: &random))
    case 1: view.setViewportSize(GridSize(width: Int.random(in: 30...150, using: &random), height: 30))
    case 2:
      source.heights += (0..<Int.random(in: 1...20, using: &random)).map { _ in Int.random(in: 1...12, using: &random) }
      view.appendItems()
    case 3: view.reloadData(keepingCells: Bool.random(using: &random))
    default: view.userScroll(byRows: Int.random(in: -15...15, using: &random))
    }
  }

  @Test("replaying the events gives the live cells, the pool and the counters the view reports", arguments: seeds)
  func replayMatchesTheView(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let (source, view, recorder) = Self.recordedView(&random, poolCapacity: Int.random(in: 0...6, using: &random))
    for _ in 0..<60 { Self.randomMove(view, source, &random) }
    let events = recorder.events
    var live: [Int: Int] = [:]  // item → object ID
    var pooled: Set<Int> = []
    var seen: Set<Int> = []
    var reuseCounts: [Int: Int] = [:]
    var (created, dequeued, dropped, cellCalls) = (0, 0, 0, 0)
    for event in events {
      switch event {
      case .itemEntered(_, let item, let cell, let origin):
        #expect(live[item] == nil, "seed \(seed): item \(item) entered twice")
        live[item] = cell.objectID
        switch origin {
        case .created:
          created += 1
          #expect(!seen.contains(cell.objectID) && cell.reuseCount == 0, "seed \(seed)")
        case .dequeued:
          dequeued += 1
          #expect(pooled.remove(cell.objectID) != nil, "seed \(seed): dequeued a cell not in the pool")
          #expect(cell.reuseCount == reuseCounts[cell.objectID, default: 0] + 1, "seed \(seed)")
        case .suppliedByDataSource:
          Issue.record("seed \(seed): the recording source always dequeues")
        }
        seen.insert(cell.objectID)
        reuseCounts[cell.objectID] = cell.reuseCount
      case .itemLeft(_, let item, let cell, let destination):
        #expect(live.removeValue(forKey: item) == cell.objectID, "seed \(seed): item \(item) left with another cell")
        if destination == .pool { pooled.insert(cell.objectID) } else { dropped += 1 }
      case .dataSourceCall(_, .cell):
        cellCalls += 1
      default:
        break
      }
    }
    let statistics = view.statistics
    #expect(created == statistics.cellsCreated && dequeued == statistics.cellsReused, "seed \(seed)")
    #expect(created + dequeued == cellCalls && cellCalls == source.cellRequests.count, "seed \(seed)")
    #expect(dropped == statistics.cellsDropped, "seed \(seed)")
    #expect(live == view.visibleCells.mapValues(\.objectID), "seed \(seed)")
    #expect(pooled == Set(view.pooledCellIDs.values.joined()), "seed \(seed)")
  }

  @Test("passes are numbered in order, each begun and ended once, matching the pass counter", arguments: seeds)
  func passesAreNumberedInOrder(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let (source, view, recorder) = Self.recordedView(&random, poolCapacity: 256)
    for _ in 0..<40 { Self.randomMove(view, source, &random) }
    let events = recorder.events
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.pass <= $1.pass }, "seed \(seed)")
    let started = events.compactMap { if case .passStarted(let pass, _) = $0 { pass } else { nil } }
    let ended = events.compactMap { if case .passEnded(let pass, _, _) = $0 { pass } else { nil } }
    #expect(started == Array(1...view.statistics.layoutPasses), "seed \(seed)")
    #expect(ended == started, "seed \(seed)")
    if case .passEnded(_, let liveCells, let pooledCells) = events.last {
      #expect(liveCells == view.visibleCells.count && pooledCells == view.statistics.pooledCells)
    }
  }

  @Test("data-source calls are recorded one for one with the view's counter (a section question counts once)")
  func dataSourceCallsMatchCounter() {
    var random = SeededGenerator(seed: 5)
    let (source, view, recorder) = Self.recordedView(&random, poolCapacity: 256)
    for _ in 0..<50 { Self.randomMove(view, source, &random) }
    let calls = recorder.events.reduce(0) { total, event in
      guard case .dataSourceCall(_, let call) = event else { return total }
      switch call {
      case .heights(let range): return total + range.count
      case .numberOfItems, .headerHeight: return total
      case .numberOfSections, .cell: return total + 1
      }
    }
    #expect(calls == view.statistics.dataSourceCalls)
  }

  @Test("the recorder keeps the latest events up to its capacity; without one nothing is recorded")
  func boundedRecorder() {
    let source = RecordingSource(heights: Array(repeating: 4, count: 300))
    let view = source.makeView(width: 60, height: 20, columns: .fixed(2))
    let everything = LayoutEventRecorder(capacity: 100_000)
    let latest = LayoutEventRecorder(capacity: 10)
    view.eventRecorder = everything
    for _ in 0..<30 { view.userScroll(byRows: 3) }
    let all = everything.events
    everything.removeAll()
    view.eventRecorder = latest
    for _ in 0..<30 { view.userScroll(byRows: -3) }
    #expect(latest.events.count == 10)
    #expect(latest.events.last.map { if case .passEnded = $0 { true } else { false } } == true)
    #expect(latest.overwrittenCount > 0)
    #expect(latest.takeEvents().count == 10 && latest.events.isEmpty)
    view.eventRecorder = nil
    view.userScroll(byRows: 5)
    #expect(everything.events.isEmpty && latest.events.isEmpty && !all.isEmpty)
  }
}

@Suite("A data source that reads the view while it answers")
struct ReentrantDataSourceTests {
  /// Reads the layout from inside every question, as a front end measuring text against the column width might.
  final class ReadingSource: WaterfallDataSource {
    var heights: [Int]
    var readCounts: [Int] = []
    init(heights: [Int]) { self.heights = heights }

    func numberOfItems(in waterfallView: WaterfallView) -> Int { heights.count }
    func waterfallView(_ waterfallView: WaterfallView, heightForItemAt index: Int, columnWidth: Int) -> Int {
      readCounts.append(waterfallView.layout.count + waterfallView.itemCount)
      return heights[index]
    }
    func waterfallView(_ waterfallView: WaterfallView, cellForItemAt index: Int) -> WaterfallCell {
      readCounts.append(waterfallView.layout.items(intersecting: waterfallView.bufferedRect).count)
      return waterfallView.dequeueReusableCell(withIdentifier: "cell", for: index)
    }
  }

  @Test("reload, append and scroll let the data source read the layout")
  func readsDuringUpdates() {
    let source = ReadingSource(heights: Array(repeating: 3, count: 50))
    let view = WaterfallView(viewportSize: GridSize(width: 40, height: 10), columnPolicy: .fixed(2))
    view.register(identifier: "cell") { WaterfallCell(reuseIdentifier: "cell", objectID: $0) }
    view.dataSource = source
    view.reloadData()
    source.heights += Array(repeating: 4, count: 20)
    view.appendItems()
    view.scroll(toOffset: 100)
    #expect(view.itemCount == 70)
    #expect(!source.readCounts.isEmpty)
  }
}
