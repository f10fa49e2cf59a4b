import TestSupport
import Testing
import WaterfallKit

@Suite("Visibility index and hit testing, against brute force")
struct VisibilityAndHitTestPropertyTests {
  static let cases = (1...300).map { LayoutCase(seed: UInt64($0) &* 7919) }

  @Test("items(intersecting:) equals a scan of every frame", arguments: cases)
  func visibilityMatchesScan(_ input: LayoutCase) {
    let layout = WaterfallLayout(input.configuration, heights: input.heights)
    var random = SeededGenerator(seed: input.seed)
    let height = layout.contentHeight
    for _ in 0..<40 {
      let rect: GridRect
      switch Int.random(in: 0..<6, using: &random) {
      case 0:  // zero-area
        rect = GridRect(
          x: Int.random(in: 0...input.configuration.width, using: &random),
          y: Int.random(in: 0...height, using: &random), width: Int.random(in: 0...1, using: &random) * 5, height: 0)
      case 1:  // past the content
        rect = GridRect(x: 0, y: height + Int.random(in: 0...50, using: &random), width: 300, height: 10)
      case 2:  // above the content, reaching into it
        rect = GridRect(x: -5, y: -Int.random(in: 1...30, using: &random), width: 400, height: 35)
      case 3:  // a narrow sliver, possibly only a gap
        rect = GridRect(
          x: Int.random(in: 0..<max(1, input.configuration.width), using: &random),
          y: Int.random(in: 0...max(0, height), using: &random), width: 1,
          height: Int.random(in: 1...60, using: &random))
      default:
        rect = GridRect(
          x: Int.random(in: -10...input.configuration.width, using: &random),
          y: Int.random(in: -10...max(0, height), using: &random),
          width: Int.random(in: 1...250, using: &random), height: Int.random(in: 1...80, using: &random))
      }
      let expected = Oracle.items(layout, intersecting: rect)
      #expect(layout.items(intersecting: rect) == expected, "\(input) rect \(rect)")
      var visited: [Int] = []
      layout.forEachItem(intersecting: rect) { visited.append($0) }
      #expect(visited == expected, "\(input) rect \(rect): the visitor, in ascending order")
    }
  }

  @Test("hitTest equals brute-force classification at every probed point", arguments: cases)
  func hitTestMatchesScan(_ input: LayoutCase) {
    let layout = WaterfallLayout(input.configuration, heights: input.heights)
    var random = SeededGenerator(seed: input.seed ^ 0xBEEF)
    for _ in 0..<150 {
      let point = GridPoint(
        x: Int.random(in: -2...input.configuration.width + 2, using: &random),
        y: Int.random(in: -2...layout.contentHeight + 2, using: &random))
      #expect(layout.hitTest(point) == Oracle.hitTest(layout, point), "\(input) point \(point)")
    }
  }

  @Test("minimum-height items stacked in one column are told apart (the original's equal-rect bug)")
  func equalHeightItemsAreDistinguished() {
    let layout = WaterfallLayout(
      .init(width: 10, columnCount: 1, margins: .zero), heights: [0, 0, 0, -3, 0])
    for index in 0..<5 {
      #expect(layout.hitTest(GridPoint(x: 3, y: index)) == .item(index))
    }
  }

  @Test("a very tall item, cut to the height limit, is found from any row it covers and no further")
  func veryTallItem() {
    let layout = WaterfallLayout(.init(width: 40, columnCount: 2, margins: .zero), heights: [100_000, 1, 1])
    #expect(layout.frame(of: 0).height == WaterfallLayout.maximumItemHeight)
    #expect(layout.items(intersecting: GridRect(x: 0, y: 50_000, width: 40, height: 1)) == [0])
    #expect(layout.items(intersecting: GridRect(x: 0, y: 1, width: 40, height: 1)) == [0, 2])
    #expect(layout.hitTest(GridPoint(x: 0, y: 65_534)) == .item(0))
    #expect(layout.hitTest(GridPoint(x: 0, y: 65_535)) == .outside)
  }
}
