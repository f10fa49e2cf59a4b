import TestSupport
import Testing
import WaterfallKit

/// A layout keeps each item's place in 8 bytes (its top in 37 bits, its height in 16, its column in 11): at the
/// edges of those fields, and through a view's resize, inserts and removes, every frame must still be what the
/// shortest-column rule gives, checked against a plain column walk.
@Suite("Compact item places, at their limits, against a column walk")
struct CompactPlacesPropertyTests {
  /// The frames the shortest-column rule gives `heights` (cut to the layout's limits) under `layout`'s geometry.
  static func walkedFrames(_ layout: WaterfallLayout, _ heights: [Int]) -> [GridRect] {
    let rowGap = layout.configuration.margins.rowGap
    var nextFree = Array(repeating: layout.itemsTop, count: layout.columnCount)
    return heights.map { raw in
      let top = nextFree.min()!
      let column = nextFree.firstIndex(of: top)!
      let height = min(WaterfallLayout.maximumItemHeight, max(1, raw))
      nextFree[column] = top + height + rowGap
      return GridRect(x: layout.columnX(column), y: top, width: layout.columnWidth, height: height)
    }
  }

  /// How many frames of `layout` differ from the walk's (0 when they all agree, and the counts match).
  static func mismatches(_ layout: WaterfallLayout, _ heights: [Int]) -> Int {
    guard layout.count == heights.count else { return max(1, abs(layout.count - heights.count)) }
    let walked = walkedFrames(layout, heights)
    return walked.indices.filter { layout.frame(of: $0) != walked[$0] }.count
  }

  @Test(
    "heights at the 16-bit limit are cut to it, and tops past 2^32 rows are kept exactly, found by row",
    arguments: [1, 3])
  func heightsAtTheLimitAndDeepTops(columns: Int) {
    let limit = WaterfallLayout.maximumItemHeight
    let pattern = [limit, limit + 1, .max, limit - 1, 0, -7, 1]
    let heights = (0..<(130_000 * columns)).map { pattern[$0 % pattern.count] }
    let layout = WaterfallLayout(.init(width: 40, columnCount: columns, margins: WaterfallMargins()), heights: heights)
    #expect(Self.mismatches(layout, heights) == 0)
    let last = layout.frame(of: layout.count - 1)
    #expect(last.y > Int(UInt32.max), "the deepest top needs more than 32 bits")
    #expect(layout.frame(of: 1).height == limit && layout.frame(of: 2).height == limit)
    // Visibility and hit testing at the deepest rows read the same tops.
    let bottom = GridRect(x: 0, y: last.y - 1, width: 40, height: 3)
    #expect(layout.items(intersecting: bottom) == Oracle.items(layout, intersecting: bottom))
    for point in [GridPoint(x: last.x, y: last.y), GridPoint(x: last.x, y: last.maxY - 1), GridPoint(x: 2, y: last.y)] {
      #expect(layout.hitTest(point) == Oracle.hitTest(layout, point), "point \(point)")
    }
  }

  @Test("a wide layout gets at most 2,048 columns, every one of them used and told apart", arguments: 0..<3)
  func manyColumns(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let margins = WaterfallMargins.zero
    let configuration = WaterfallLayout.Configuration(width: 5_000 + Int(seed), columnCount: .max, margins: margins)
    #expect(configuration.columnCount == WaterfallLayout.maximumColumnCount)
    let heights = (0..<9_000).map { _ in Int.random(in: -1...40, using: &random) }
    let layout = WaterfallLayout(configuration, heights: heights)
    #expect(Self.mismatches(layout, heights) == 0)
    #expect(Set((0..<layout.count).map(layout.column(of:))).count == WaterfallLayout.maximumColumnCount)
    let lastColumn = layout.columnCount - 1
    let deepest = layout.items(inColumn: lastColumn).last!
    let frame = layout.frame(of: deepest)
    #expect(layout.hitTest(GridPoint(x: frame.x, y: frame.y)) == .item(deepest))
  }

  /// Random heights with the limit's edges among them.
  static func heights(_ count: Int, using random: inout SeededGenerator) -> [Int] {
    (0..<count).map { _ in
      switch Int.random(in: 0..<10, using: &random) {
      case 0: WaterfallLayout.maximumItemHeight + Int.random(in: -1...1, using: &random)
      case 1: Int.random(in: -3...0, using: &random)
      default: Int.random(in: 1...30, using: &random)
      }
    }
  }

  @Test("a view's layout reflows at a resize to what the walk gives at the new width", arguments: 0..<6)
  func reflowAtResize(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let heights = Self.heights(Int.random(in: 0...3_000, using: &random), using: &random)
    let source = RecordingSource(heights: heights)
    let view = source.makeView(width: 60, columns: .adaptive(minimumWidth: 8, maximumCount: 40))
    #expect(Self.mismatches(view.layout, heights) == 0)
    for width in [Int.random(in: 200...400, using: &random), 9, Int.random(in: 20...120, using: &random)] {
      let columnsBefore = view.columnCount
      view.setViewportSize(GridSize(width: width, height: 24))
      #expect(view.layout.configuration.width == width)
      #expect(Self.mismatches(view.layout, heights) == 0, "seed \(seed) width \(width)")
      if width == 9 { #expect(view.columnCount == 1 && columnsBefore > 1) }
    }
  }

  @Test("inserts, removes and appends lay out to what the walk gives", arguments: 0..<6)
  func insertsAndRemoves(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var heights = Self.heights(Int.random(in: 1...2_000, using: &random), using: &random)
    let source = RecordingSource(heights: heights)
    let view = source.makeView(width: 90, columns: .fixed(Int.random(in: 1...6, using: &random)))
    for _ in 0..<8 {
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        let at = Int.random(in: 0...heights.count, using: &random)
        heights.insert(contentsOf: Self.heights(Int.random(in: 1...300, using: &random), using: &random), at: at)
        source.heights = heights
        view.reloadData()
      case 1 where !heights.isEmpty:
        let start = Int.random(in: 0..<heights.count, using: &random)
        heights.removeSubrange(start..<min(heights.count, start + Int.random(in: 1...300, using: &random)))
        source.heights = heights
        view.reloadData()
      default:
        heights += Self.heights(Int.random(in: 1...300, using: &random), using: &random)
        source.heights = heights
        view.appendItems()
      }
      #expect(Self.mismatches(view.layout, heights) == 0, "seed \(seed) after \(heights.count) items")
    }
  }
}
