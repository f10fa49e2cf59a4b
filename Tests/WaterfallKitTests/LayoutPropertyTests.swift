import TestSupport
import Testing
import WaterfallKit

@Suite("Layout properties, against brute force")
struct LayoutPropertyTests {
  static let cases = (1...400).map { LayoutCase(seed: UInt64($0)) }

  @Test("no two frames share a cell, every frame lies inside the content width", arguments: cases)
  func noOverlapsAndInsideWidth(_ input: LayoutCase) {
    let layout = WaterfallLayout(input.configuration, heights: input.heights)
    let frames = Oracle.frames(layout)
    let margins = input.configuration.margins
    for (index, frame) in frames.enumerated() {
      #expect(frame.height >= WaterfallLayout.minimumItemHeight, "\(input) item \(index)")
      #expect(frame.x >= margins.left, "\(input) item \(index)")
      let usable =
        input.configuration.width - margins.left - margins.right - (layout.columnCount - 1) * margins.columnGap
      if usable >= layout.columnCount {
        #expect(frame.maxX <= input.configuration.width - margins.right, "\(input) item \(index) \(frame)")
      }
      #expect(frame.y >= layout.itemsTop && frame.maxY <= layout.itemsBottom, "\(input) item \(index)")
    }
    // Items of one column never overlap; items of different columns never share an x.
    for column in 0..<layout.columnCount {
      let items = layout.items(inColumn: column)
      for (upper, lower) in zip(items, items.dropFirst()) {
        #expect(layout.frame(of: upper).maxY + margins.rowGap == layout.frame(of: lower).y, "\(input)")
      }
    }
    for (left, right) in zip(0..<layout.columnCount, 1..<max(1, layout.columnCount)) {
      #expect(layout.columnX(left) + layout.columnWidth + margins.columnGap == layout.columnX(right))
    }
    #expect(layout.contentHeight == layout.itemsBottom + input.configuration.footerHeight + margins.bottom)
  }

  @Test("each item goes to the shortest column, the leftmost on ties", arguments: cases)
  func shortestColumnLeftmostOnTies(_ input: LayoutCase) {
    let layout = WaterfallLayout(input.configuration, heights: input.heights)
    let rowGap = input.configuration.margins.rowGap
    var nextFree = Array(repeating: layout.itemsTop, count: layout.columnCount)
    for index in 0..<layout.count {
      let shortest = nextFree.min()!
      let expected = nextFree.firstIndex(of: shortest)!
      let frame = layout.frame(of: index)
      #expect(layout.column(of: index) == expected, "\(input) item \(index)")
      #expect(frame.x == layout.columnX(expected) && frame.y == shortest, "\(input) item \(index)")
      #expect(frame.height == max(1, input.heights[index]), "\(input) item \(index)")
      nextFree[expected] = frame.maxY + rowGap
    }
  }

  @Test("appending in random chunks gives the same frames as one full layout", arguments: cases)
  func incrementalAppendEqualsFullLayout(_ input: LayoutCase) {
    let full = WaterfallLayout(input.configuration, heights: input.heights)
    var random = SeededGenerator(seed: input.seed ^ 0xA5A5)
    var incremental = WaterfallLayout(input.configuration)
    var start = 0
    while start < input.heights.count {
      let end = min(input.heights.count, start + Int.random(in: 1...30, using: &random))
      let before = Oracle.frames(incremental)
      incremental.append(heights: input.heights[start..<end])
      #expect(Array(Oracle.frames(incremental).prefix(before.count)) == before, "\(input): old frames moved")
      start = end
    }
    #expect(Oracle.frames(incremental) == Oracle.frames(full), "\(input)")
    #expect(incremental.contentHeight == full.contentHeight, "\(input)")
  }

  @Test("column width is the floor of the usable width over the columns; the leftover goes right")
  func columnWidthFormula() {
    let margins = WaterfallMargins(top: 0, bottom: 0, left: 2, right: 3, columnGap: 1, rowGap: 1)
    let layout = WaterfallLayout(.init(width: 100, columnCount: 3, margins: margins))
    #expect(layout.columnWidth == (100 - 2 - 3 - 2) / 3)
    #expect(layout.columnX(0) == 2)
    #expect(layout.columnX(2) + layout.columnWidth == 2 + 3 * 31 + 2)
  }

  @Test("adaptive column policy fits as many minimum-width columns as the width allows")
  func adaptiveColumns() {
    let margins = WaterfallMargins(left: 1, right: 1, columnGap: 1)
    let policy = ColumnPolicy.adaptive(minimumWidth: 20, maximumCount: 6)
    #expect(policy.columnCount(forWidth: 10, margins: margins) == 1)
    #expect(policy.columnCount(forWidth: 42, margins: margins) == 1)
    #expect(policy.columnCount(forWidth: 43, margins: margins) == 2)
    #expect(policy.columnCount(forWidth: 100, margins: margins) == 4)
    #expect(policy.columnCount(forWidth: 1000, margins: margins) == 6)
    #expect(ColumnPolicy.fixed(0).columnCount(forWidth: 80, margins: margins) == 1)
  }
}

@Suite("Column counts beyond the width")
struct ColumnCountClampTests {
  @Test("any column count, Int.max included, is clamped to the one-cell columns that fit", arguments: [13, 1000, .max])
  func hugeCountsAreClamped(count: Int) {
    let layout = WaterfallLayout(.init(width: 26, columnCount: count), heights: [3, 4, 5])
    // 26 − 2 margins + 1 gap = 25 cells for columns of 1 + gap 1: 12 of them.
    #expect(layout.columnCount == 12)
    #expect(layout.columnWidth == 1)
    #expect(layout.count == 3)
  }
}
