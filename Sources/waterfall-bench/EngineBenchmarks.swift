import WaterfallKit

/// Layout, append, scroll passes and hit testing, ours against the originals' algorithms.
struct EngineBenchmarks {
  let quick: Bool
  let sink: Sink

  static let width = 100
  static let columns = 4
  static let configuration = WaterfallLayout.Configuration(width: width, columnCount: columns)

  /// Deterministic heights between 3 and 20 rows.
  static func heights(_ count: Int, seed: UInt64 = 1) -> [Int] {
    var state = seed
    return (0..<count).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return 3 + Int((state >> 33) % 18)
    }
  }

  func run() -> [Figure] {
    var figures: [Figure] = []
    let sizes = quick ? [1_000, 10_000, 100_000] : [1_000, 100_000, 1_000_000]
    for size in sizes { figures.append(fullLayout(size)) }
    figures.append(append(onto: quick ? 100_000 : 1_000_000))
    for size in quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000] {
      figures += scrollQueries(size)
    }
    figures += passScaling(sizes: quick ? [1_000, 100_000] : [1_000, 1_000_000])
    figures.append(hitTest(quick ? 10_000 : 100_000))
    return figures
  }

  private func fullLayout(_ size: Int) -> Figure {
    let heights = Self.heights(size)
    let rounds = size >= 1_000_000 ? 3 : size >= 100_000 ? 5 : 30
    let result = Harness.compare(
      rounds: rounds, operations: 1,
      ours: { sink.consume(WaterfallLayout(Self.configuration, heights: heights).contentHeight) },
      baseline: {
        sink.consume(Baselines.stringRectLayout(heights: heights, width: Self.width, columns: Self.columns).count)
      })
    return .comparison(
      name: "full layout, \(size) items (vs rect-string map)", oursNanoseconds: result.ours,
      baselineNanoseconds: result.baseline)
  }

  private func append(onto size: Int) -> Figure {
    let heights = Self.heights(size)
    let extra = Self.heights(1_000, seed: 9)
    // One layout grows by 1000 items a round (copying it each round would time the copy, not the append).
    let growing = LayoutBox(WaterfallLayout(Self.configuration, heights: heights))
    let result = Harness.compare(
      rounds: 5, operations: 1,
      ours: {
        growing.layout.append(heights: extra)
        sink.consume(growing.layout.contentHeight)
      },
      baseline: { sink.consume(WaterfallLayout(Self.configuration, heights: heights + extra).contentHeight) })
    return .comparison(
      name: "append 1000 to \(size) (vs full relayout)", oursNanoseconds: result.ours,
      baselineNanoseconds: result.baseline)
  }

  /// The visibility query of one layout pass, row by row and at random jumps, against each baseline.
  private func scrollQueries(_ size: Int) -> [Figure] {
    let layout = WaterfallLayout(Self.configuration, heights: Self.heights(size))
    let frames = (0..<layout.count).map(layout.frame(of:))
    let map = Dictionary(uniqueKeysWithValues: frames.enumerated().map { ($0.offset, $0.element) })
    let chunks = VisibleCellQueries.Chunks(frames: frames)
    let viewport = 40
    let buffer = viewport / 4
    let steps = 400
    let maximum = max(1, layout.contentHeight - viewport)
    let start = maximum / 2
    let rowRects = (0..<steps).map { step in
      GridRect(x: 0, y: (start + step) % maximum - buffer, width: Self.width, height: viewport + 2 * buffer)
    }
    var random: UInt64 = 42
    let jumpRects = (0..<steps).map { _ in
      random = random &* 6_364_136_223_846_793_005 &+ 1
      let offset = Int((random >> 33) % UInt64(maximum))
      return GridRect(x: 0, y: offset - buffer, width: Self.width, height: viewport + 2 * buffer)
    }
    let rounds = size >= 1_000_000 ? 3 : 7
    var figures: [Figure] = []
    for (kind, rects) in [("row by row", rowRects), ("random jumps", jumpRects)] {
      // The layout pass's own way to ask: one buffer reused from query to query, filled in ascending order.
      var buffer: [Int] = []
      let ours = {
        for rect in rects {
          layout.items(intersecting: rect, into: &buffer)
          sink.consume(buffer.count)
        }
      }
      let baselines: [(String, () -> Void)] = [
        ("scan every frame", { for rect in rects { sink.consume(VisibleCellQueries.fullScan(frames, rect).count) } }),
        (
          "index window ±8×columns",
          {
            var window = VisibleCellQueries.IndexWindow(columns: Self.columns)
            for rect in rects { sink.consume(window.update(rect, count: frames.count) { frames[$0] }) }
          }
        ),
        (
          "scan rect dictionary",
          { for rect in rects { sink.consume(Baselines.scanRectDictionary(map, rect).count) } }
        ),
        ("chunks of 20", { for rect in rects { sink.consume(chunks.items(intersecting: rect, in: frames).count) } }),
      ]
      for (name, baseline) in baselines {
        let result = Harness.compare(rounds: rounds, operations: rects.count, ours: ours, baseline: baseline)
        figures.append(
          .comparison(
            name: "visible query \(kind), \(size) items (vs \(name))", oursNanoseconds: result.ours,
            baselineNanoseconds: result.baseline))
      }
    }
    return figures
  }

  /// Our whole layout pass (visibility, recycling, dequeuing) per one-row scroll step, at each size.
  private func passScaling(sizes: [Int]) -> [Figure] {
    var perStep: [Int: Double] = [:]
    var figures: [Figure] = []
    for size in sizes {
      let source = HeightsSource(heights: Self.heights(size))
      let view = source.makeView(width: Self.width, height: 40, columns: Self.columns)
      view.scroll(toOffset: view.maximumOffset / 2)
      let steps = 2_000
      let nanoseconds = Harness.time(rounds: 7, operations: steps) {
        for step in 0..<steps { view.userScroll(byRows: step % 600 < 300 ? 1 : -1) }
      }
      perStep[size] = nanoseconds
      figures.append(.scaling(name: "layout pass per one-row step, \(size) items", value: nanoseconds, unit: "ns"))
      // The same steps with an inspector listening: what recording every event costs.
      view.eventRecorder = LayoutEventRecorder(capacity: 4_096)
      let recorded = Harness.time(rounds: 7, operations: steps) {
        for step in 0..<steps { view.userScroll(byRows: step % 600 < 300 ? 1 : -1) }
      }
      view.eventRecorder = nil
      figures.append(
        .scaling(name: "layout pass per one-row step, events recorded, \(size) items", value: recorded, unit: "ns"))
    }
    if let small = sizes.first, let large = sizes.last, let low = perStep[small], let high = perStep[large] {
      figures.append(.scaling(name: "layout pass at \(large) ÷ at \(small)", value: high / low, unit: "×"))
    }
    return figures
  }

  private func hitTest(_ size: Int) -> Figure {
    let layout = WaterfallLayout(Self.configuration, heights: Self.heights(size))
    let frames = (0..<layout.count).map(layout.frame(of:))
    let map = Dictionary(
      uniqueKeysWithValues: frames.enumerated().map {
        (
          String($0.offset),
          Baselines.rectString(
            x: Double($0.element.x), y: Double($0.element.y), width: Double($0.element.width),
            height: Double($0.element.height))
        )
      })
    var random: UInt64 = 7
    let targets = (0..<200).map { _ in
      random = random &* 6_364_136_223_846_793_005 &+ 1
      return Int((random >> 33) % UInt64(size))
    }
    let points = targets.map { GridPoint(x: frames[$0].x + 1, y: frames[$0].y) }
    let result = Harness.compare(
      rounds: 5, operations: targets.count,
      ours: { for point in points { sink.consume(layout.hitTest(point).itemIndex ?? -1) } },
      baseline: {
        for target in targets { sink.consume(Baselines.indexByEqualRect(map, frame: frames[target]) ?? -1) }
      })
    return .comparison(
      name: "hit test, \(size) items (vs equal-rect search)", oursNanoseconds: result.ours,
      baselineNanoseconds: result.baseline)
  }
}

/// Lets a benchmark closure grow one layout in place.
final class LayoutBox {
  var layout: WaterfallLayout
  init(_ layout: WaterfallLayout) { self.layout = layout }
}

/// A data source of fixed heights with one reusable cell kind.
final class HeightsSource: WaterfallDataSource {
  static let identifier = "cell"
  let heights: [Int]

  init(heights: [Int]) { self.heights = heights }

  func makeView(width: Int, height: Int, columns: Int) -> WaterfallView {
    let view = WaterfallView(viewportSize: GridSize(width: width, height: height), columnPolicy: .fixed(columns))
    view.register(identifier: Self.identifier) { WaterfallCell(reuseIdentifier: Self.identifier, objectID: $0) }
    view.dataSource = self
    view.reloadData()
    return view
  }

  func numberOfItems(in waterfallView: WaterfallView) -> Int { heights.count }

  func waterfallView(_ waterfallView: WaterfallView, heightForItemAt index: Int, columnWidth: Int) -> Int {
    heights[index]
  }

  func waterfallView(_ waterfallView: WaterfallView, cellForItemAt index: Int) -> WaterfallCell {
    waterfallView.dequeueReusableCell(withIdentifier: Self.identifier, for: index)
  }
}
