import Foundation

/// Every row's shape packed per order at import, in runs of ``runRows`` consecutive ranks (``ShapeRun``), one blob
/// a run, as the SQLite and PostgreSQL catalogues store them so that `G` reads ~14 bytes a row instead of the rows.
/// Run `r` of order `o` is stored under the key `o << 32 | r` (``key(order:run:)``).
public enum ShapeRuns {
  /// Rows a run holds: a stretch the viewer measures (65,536 rows) is eight runs.
  public static let runRows = 8192

  /// The key of `order`'s run `run`.
  public static func key(order: ItemOrder, run: Int) -> Int64 {
    Int64(ItemOrder.allCases.firstIndex(of: order)!) << 32 | Int64(run)
  }

  /// A measured side: `number`, or 1 when it is not positive and finite (as the rows are measured).
  public static func side(_ number: Double) -> Double { number.isFinite && number > 0 ? number : 1 }

  /// The shapes of every imported row, in id order (row `id` is item `id - 1`), gathered as they are written
  /// (10^7 rows: ~220 MB).
  public struct Collected: Sendable {
    public var shapes = MeasuredShapes()

    public init() {}

    public mutating func append(width: Double, height: Double, title: String) {
      var title = title
      title.withUTF8 {
        shapes.append(width: ShapeRuns.side(width), height: ShapeRuns.side(height), titleUTF8: $0)
      }
    }
  }

  /// Packs `order`'s runs from `collected`, the rows in the order of `ids`, handing each to `write` with its key.
  public static func pack(
    order: ItemOrder, ids: some Sequence<Int64>, from collected: Collected, write: (Int64, Data) throws -> Void
  ) throws {
    var run = ShapeRun()
    var runs = 0
    func flush() throws {
      try write(key(order: order, run: runs), run.encoded)
      runs += 1
      run = ShapeRun()
    }
    for id in ids {
      let shape = collected.shapes[Int(id) - 1]
      run.append(id: id, width: shape.width, height: shape.height, title: shape.title)
      if run.count == runRows { try flush() }
    }
    if run.count > 0 { try flush() }
  }

  /// Ranks of an order's unfiltered result put together from its runs, read in key order from ``keys``: each run
  /// must be the one expected, whole, so that runs missing, damaged or of another result are never measured.
  public struct Assembly {
    public let order: ItemOrder
    public let ranks: Range<Int>
    public let total: Int
    private let firstRun: Int
    private let lastRun: Int
    private var expected: Int
    public private(set) var ids: [Int64] = []
    public private(set) var shapes = MeasuredShapes()

    /// `nil` when `ranks` is empty or not within a result of `total` rows.
    public init?(order: ItemOrder, ranks: Range<Int>, total: Int) {
      guard !ranks.isEmpty, ranks.upperBound <= total else { return nil }
      (self.order, self.ranks, self.total) = (order, ranks, total)
      (firstRun, lastRun) = (ranks.lowerBound / runRows, (ranks.upperBound - 1) / runRows)
      expected = firstRun
      ids.reserveCapacity(ranks.count)
      shapes.reserveCapacity(ranks.count)
    }

    /// The keys of the runs to read, first to last.
    public var keys: ClosedRange<Int64> { key(order: order, run: firstRun)...key(order: order, run: lastRun) }

    /// Whether every run was added.
    public var isComplete: Bool { expected == lastRun + 1 }

    /// Adds the next run read; false when it is not the one expected or not whole (then the runs do not fit).
    public mutating func add(key: Int64, bytes: UnsafeRawBufferPointer) -> Bool {
      let finalRun = (total - 1) / runRows
      guard expected <= lastRun, key == ShapeRuns.key(order: order, run: expected), let run = ShapeRun(bytes),
        run.count == (expected == finalRun ? total - finalRun * runRows : runRows)
      else { return false }
      let start = expected * runRows
      let slice = max(ranks.lowerBound, start) - start..<min(ranks.upperBound, start + runRows) - start
      ids += run.ids[slice]
      shapes.append(
        sides: run.sides[2 * slice.lowerBound..<2 * slice.upperBound], titleWidths: run.titleWidths[slice],
        looks: run.looks[slice])
      expected += 1
      return true
    }
  }
}
