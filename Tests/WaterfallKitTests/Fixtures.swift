import TestSupport
import WaterfallKit

/// A random layout input: configuration and raw heights, including the degenerate ones (zero, negative, huge).
struct LayoutCase: CustomStringConvertible {
  var seed: UInt64
  var configuration: WaterfallLayout.Configuration
  var heights: [Int]

  init(seed: UInt64, maximumItems: Int = 200) {
    self.seed = seed
    var random = SeededGenerator(seed: seed)
    let margins = WaterfallMargins(
      top: Int.random(in: 0...3, using: &random), bottom: Int.random(in: 0...3, using: &random),
      left: Int.random(in: 0...3, using: &random), right: Int.random(in: 0...3, using: &random),
      columnGap: Int.random(in: 0...3, using: &random), rowGap: Int.random(in: 0...2, using: &random))
    configuration = WaterfallLayout.Configuration(
      width: Int.random(in: 1...240, using: &random), columnCount: Int.random(in: 1...8, using: &random),
      margins: margins, headerHeight: Int.random(in: 0...3, using: &random),
      footerHeight: Int.random(in: 0...2, using: &random))
    let count = Int.random(in: 0...maximumItems, using: &random)
    heights = (0..<count).map { _ in
      switch Int.random(in: 0..<20, using: &random) {
      case 0: return 0
      case 1: return -Int.random(in: 1...5, using: &random)
      case 2: return Int.random(in: 100...400, using: &random)
      case 3...6: return 4  // many equal heights: ties between columns
      default: return Int.random(in: 1...20, using: &random)
      }
    }
  }

  var description: String { "seed \(seed)" }
}

/// Records what a ``WaterfallView`` asks and tells, for tests.
final class RecordingSource: WaterfallDataSource, WaterfallDelegate {
  static let identifier = "item"
  var heights: [Int]
  var cellRequests: [Int] = []
  var displayed: [Int] = []
  var endedDisplaying: [Int] = []
  var selected: [Int] = []
  private var takenRequests: [PageRequest] = []
  private weak var view: WaterfallView?

  /// The page requests the view handed out so far, taken from it as a caller does.
  var pageRequests: [PageRequest] {
    if let view { takenRequests += view.takePageRequests() }
    return takenRequests
  }
  var loadMoreRequests: [Int] { pageRequests.filter { $0.kind == .loadMore }.map(\.number) }
  var refreshRequests: [Int] { pageRequests.filter { $0.kind == .refresh }.map(\.number) }

  /// Item counts per section; `nil`: the data source gives no sections (the protocol's defaults).
  var sectionCounts: [Int]?
  var headerHeights: [Int] = []

  init(heights: [Int]) { self.heights = heights }

  /// A view over this source, with the cell factory registered and the data loaded.
  func makeView(
    width: Int = 80, height: Int = 24, columns: ColumnPolicy = .fixed(3),
    margins: WaterfallMargins = WaterfallMargins()
  ) -> WaterfallView {
    let view = WaterfallView(
      viewportSize: GridSize(width: width, height: height), columnPolicy: columns, margins: margins)
    view.register(identifier: Self.identifier) { WaterfallCell(reuseIdentifier: Self.identifier, objectID: $0) }
    view.dataSource = self
    view.delegate = self
    view.reloadData()
    self.view = view
    return view
  }

  func numberOfItems(in waterfallView: WaterfallView) -> Int { heights.count }

  func waterfallView(_ waterfallView: WaterfallView, heightForItemAt index: Int, columnWidth: Int) -> Int {
    heights[index]
  }

  func numberOfSections(in waterfallView: WaterfallView) -> Int { sectionCounts?.count ?? 1 }

  func waterfallView(_ waterfallView: WaterfallView, numberOfItemsInSection section: Int) -> Int {
    sectionCounts?[section] ?? heights.count
  }

  func waterfallView(_ waterfallView: WaterfallView, heightForHeaderInSection section: Int) -> Int {
    section < headerHeights.count ? headerHeights[section] : 0
  }

  func waterfallView(_ waterfallView: WaterfallView, cellForItemAt index: Int) -> WaterfallCell {
    cellRequests.append(index)
    return waterfallView.dequeueReusableCell(withIdentifier: Self.identifier, for: index)
  }

  func waterfallView(_ waterfallView: WaterfallView, didSelectItemAt index: Int) { selected.append(index) }

  func waterfallView(_ waterfallView: WaterfallView, willDisplay cell: WaterfallCell, forItemAt index: Int) {
    displayed.append(index)
  }

  func waterfallView(_ waterfallView: WaterfallView, didEndDisplaying cell: WaterfallCell, forItemAt index: Int) {
    endedDisplaying.append(index)
  }
}

/// Brute-force answers, written as plainly as possible, to check the indexed ones against.
enum Oracle {
  static func frames(_ layout: WaterfallLayout) -> [GridRect] {
    (0..<layout.count).map(layout.frame(of:))
  }

  static func items(_ layout: WaterfallLayout, intersecting rect: GridRect) -> [Int] {
    frames(layout).indices.filter { layout.frame(of: $0).intersects(rect) }
  }

  static func hitTest(_ layout: WaterfallLayout, _ point: GridPoint) -> HitTarget {
    let configuration = layout.configuration
    if point.x < 0 || point.y < 0 || point.x >= configuration.width || point.y >= layout.contentHeight {
      return .outside
    }
    if layout.headerFrame.contains(point) { return .header }
    if layout.footerFrame.contains(point) { return .footer }
    if let section = (0..<layout.sectionCount).first(where: { layout.sectionHeaderFrame($0).contains(point) }) {
      return .sectionHeader(section)
    }
    let hits = frames(layout).indices.filter { layout.frame(of: $0).contains(point) }
    if let hit = hits.first { return .item(hit) }
    let insideColumns = (0..<layout.columnCount).contains { column in
      let left = layout.columnX(column)
      return point.x >= left && point.x < left + layout.columnWidth
    }
    let betweenColumns =
      point.x >= layout.columnX(0) && point.x < layout.columnX(layout.columnCount - 1) + layout.columnWidth
    if point.y < layout.itemsTop || point.y >= layout.itemsBottom { return .margin }
    if insideColumns || betweenColumns { return .gap }
    return .margin
  }
}
