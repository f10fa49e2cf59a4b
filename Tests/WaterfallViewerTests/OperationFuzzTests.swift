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
    let latency = random.next(in: 0...400)
    var options = AppFixture.options()
    options.fixedColumns = random.next(in: 0...1) == 0 ? nil : random.next(in: 1...5)
    let runner = AppFixture.runner(
      items: items, pageSize: pageSize, width: random.next(in: 24...160), height: random.next(in: 8...50),
      latency: latency, failureRate: failureRate, seed: seed, loops: loops, options: options)
    var trail: [String] = []
    for step in 0..<Self.stepsPerSeed {
      let token = Self.randomToken(&random, runner: runner)
      trail.append(token)
      runner.apply(try! KeyScript.parse(token))
      if let failure = Self.check(runner.viewer, items: items, loops: loops, pageSize: pageSize) {
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
      // The operations that remap indices: sort, sections, filter, search, the inspector, step mode, reuse labels.
      ("o", 1), ("S", 1), ("& 1 Enter", 1), ("& Enter", 1), ("/ 2 Enter", 1), ("n", 1), ("N", 1), ("i", 1), (".", 1),
      ("v", 1),
    ]
    var pick = random.next(in: 0...weighted.reduce(0) { $0 + $1.1 } - 1)
    for (token, weight) in weighted {
      if pick < weight { return token }
      pick -= weight
    }
    return "j"
  }

  /// The query's whole result by brute force: every item checked against the filter, sorted, grouped.
  static func result(of query: CatalogueQuery, _ items: [ShopItem]) -> [ShopItem] {
    var order = query.order.orderedIndices(items)
    if let filter = query.filter { order = order.filter { filter.matches(items[$0]) } }
    if let grouping = query.grouping {
      order = ItemGroup.groups(of: items, by: grouping, order: order).flatMap(\.indices)
    }
    return order.map { items[$0] }
  }

  /// What is wrong with the app's state, or `nil`.
  static func check(_ app: Viewer, items: [ShopItem], loops: Bool, pageSize: Int) -> String? {
    let view = app.waterfall
    let layout = view.layout
    let result = result(of: app.presentation.query, items)
    let expected =
      loops ? Array(repeating: result, count: 1 + app.store.count / max(1, result.count)).flatMap { $0 } : result
    // No item lost, duplicated or reordered: always a whole number of pages from the start of the query's result.
    guard app.store.items.count <= expected.count,
      Array(expected.prefix(app.store.items.count)) == Array(app.store.items)
    else {
      return "items are not a prefix of the query's result (\(app.store.items.count) items)"
    }
    guard app.store.items.count % pageSize == 0 || app.store.items.count == result.count || loops else {
      return "a partial page: \(app.store.items.count) items"
    }
    guard layout.count == app.store.items.count else { return "layout has \(layout.count) of \(app.store.items.count)" }
    // Sections: one per loaded group of the result, in order.
    let sectionCounts = app.presentation.grouping == nil ? [app.store.count] : app.store.sections.map(\.count)
    guard layout.sectionItemCounts == (sectionCounts.isEmpty ? [0] : sectionCounts) else {
      return "sections hold \(layout.sectionItemCounts), the store's groups \(sectionCounts)"
    }
    // Frames: the shortest-column rule, replayed in each section from under its header.
    let rowGap = layout.configuration.margins.rowGap
    for section in 0..<layout.sectionCount {
      var nextFree = Array(repeating: layout.sectionHeaderFrame(section).maxY, count: layout.columnCount)
      for index in layout.itemRange(inSection: section) {
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
    if let focus = app.state.keyboardFocus, focus >= layout.count { return "focus \(focus) out of range" }
    let stats = view.statistics
    guard stats.cellsCreated == stats.liveCells + stats.pooledCells + stats.cellsDropped else {
      return "cells unaccounted for: \(stats)"
    }
    return nil
  }
}
