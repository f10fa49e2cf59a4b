import Foundation
import ShopCatalog
import TestSupport
import Testing
import WaterfallKit
import WaterfallViewer

/// Random sequences of everything a user and the network can do, with the whole state checked against brute
/// force after every step. Seeded and reproducible; `make fuzz` runs it long (WATERFALL_FUZZ_STEPS).
@Suite("Operation fuzzer")
struct OperationFuzzTests {
  static let stepsPerSeed: Int = {
    let total = Int(ProcessInfo.processInfo.environment["WATERFALL_FUZZ_STEPS"] ?? "") ?? 4_000
    return max(50, total / seeds.count)
  }()
  static let seeds: [UInt64] = Array(1...8)

  @Test("after every step: frames, visible cells, selection and items match brute force", arguments: seeds)
  func fuzz(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let pageSize = random.next(in: 4...20)
    let pageCount = random.next(in: 3...10)
    let items = AppFixture.items(pageSize * pageCount, titlePrefix: "fuzz")
    let loops = random.next(in: 0...3) == 0
    let failureRate = [0.0, 0.3, 0.5][random.next(in: 0...2)]
    var options = AppFixture.options(latency: random.next(in: 0...400))
    options.fixedColumns = random.next(in: 0...1) == 0 ? nil : random.next(in: 1...5)
    let runner = AppFixture.runner(
      items: items, pageSize: pageSize, width: random.next(in: 24...160), height: random.next(in: 8...50),
      failureRate: failureRate, seed: seed, loops: loops, options: options)
    let expected = loops ? Array(repeating: items, count: 1 + Self.stepsPerSeed / pageSize).flatMap { $0 } : items
    var trail: [String] = []
    for step in 0..<Self.stepsPerSeed {
      let token = Self.randomToken(&random, runner: runner)
      trail.append(token)
      runner.apply(try! KeyScript.parse(token)[0])
      if let failure = Self.check(runner.viewer, expected: expected, pageSize: pageSize) {
        Issue.record("seed \(seed) step \(step): \(failure)\nlast steps: \(trail.suffix(12).joined(separator: " "))")
        return
      }
    }
  }

  static func randomToken(_ random: inout SeededGenerator, runner: ScriptedRun) -> String {
    let size = runner.viewer.state.screenSize
    let x = random.next(in: 0...max(0, size.width - 1))
    let y = random.next(in: 0...max(0, size.height - 1))
    // Weighted: mostly moving down and waiting, so pages keep arriving; a refresh now and then.
    let weighted: [(String, Int)] = [
      ("j", 6), ("k", 3), ("h", 2), ("l", 2), ("Enter", 1), ("Escape", 1), ("PageDown", 4), ("PageUp", 2),
      ("C-d", 2), ("C-u", 1), ("g", 1), ("G", 5), ("+", 1), ("-", 1), ("=", 1), ("r", 1), ("R", 3),
      ("wait:\(random.next(in: 1...600))", 6), ("click:\(x),\(y)", 3), ("wheelup:\(x),\(y)", 2),
      ("wheeldown:\(x),\(y)", 3), ("resize:\(random.next(in: 20...170))x\(random.next(in: 6...55))", 2),
    ]
    var pick = random.next(in: 0...weighted.reduce(0) { $0 + $1.1 } - 1)
    for (token, weight) in weighted {
      if pick < weight { return token }
      pick -= weight
    }
    return "j"
  }

  /// What is wrong with the app's state, or `nil`.
  static func check(_ app: Viewer, expected: [ShopItem], pageSize: Int) -> String? {
    let view = app.waterfall
    let layout = view.layout
    // No item lost, duplicated or reordered: always a whole number of pages from the start of the feed.
    guard app.store.items.count <= expected.count, Array(expected.prefix(app.store.items.count)) == app.store.items
    else {
      return "items are not a prefix of the feed (\(app.store.items.count) items)"
    }
    guard app.store.items.count % pageSize == 0 else { return "a partial page: \(app.store.items.count) items" }
    guard layout.count == app.store.items.count else { return "layout has \(layout.count) of \(app.store.items.count)" }
    // Frames: the shortest-column rule, replayed.
    let rowGap = layout.configuration.margins.rowGap
    var nextFree = Array(repeating: layout.itemsTop, count: layout.columnCount)
    for index in 0..<layout.count {
      let height = max(
        1, app.options.metrics.height(of: app.store.displayItems[index], columnWidth: layout.columnWidth))
      let column = nextFree.firstIndex(of: nextFree.min()!)!
      let expectedFrame = GridRect(
        x: layout.columnX(column), y: nextFree[column], width: layout.columnWidth, height: height)
      guard layout.frame(of: index) == expectedFrame else {
        return "item \(index) at \(layout.frame(of: index)), expected \(expectedFrame)"
      }
      nextFree[column] += height + rowGap
    }
    // Visible cells: exactly the items in the buffered viewport, each cell object once.
    let wanted = (0..<layout.count).filter { layout.frame(of: $0).intersects(view.bufferedRect) }
    guard view.visibleCells.keys.sorted() == wanted else { return "visible cells differ from brute force" }
    let objects = Set(view.visibleCells.values.map(ObjectIdentifier.init))
    guard objects.count == view.visibleCells.count else { return "a cell object shows two items" }
    for (index, cell) in view.visibleCells where cell.itemIndex != index {
      return "cell for \(index) says \(String(describing: cell.itemIndex))"
    }
    guard view.contentOffset >= 0, view.contentOffset <= view.maximumOffset else { return "offset out of range" }
    if let selected = view.selectedIndex, selected >= layout.count { return "selection \(selected) out of range" }
    if let focus = app.state.focusedIndex, focus >= layout.count { return "focus \(focus) out of range" }
    let stats = view.statistics
    guard stats.cellsCreated == stats.liveCells + stats.pooledCells + stats.cellsDropped else {
      return "cells unaccounted for: \(stats)"
    }
    return nil
  }
}
