/// The originals' ways of finding the items in a rect, as their documents describe them, each counting the frames
/// it examines: the reuse inspector runs them beside ours on the same scroll, and the benchmarks time them.
public enum VisibleCellQueries {
  /// The iCocos view and the layout article: every frame tested against the rect, on every pass.
  public static func fullScan(_ frames: [GridRect], _ rect: GridRect) -> [Int] {
    frames.indices.filter { frames[$0].intersects(rect) }
  }

  /// A widely used layout's approach: the union rect of each chunk of 20 items, scanned linearly, then the items
  /// of the chunks that meet the rect.
  public struct Chunks: Sendable {
    public static let chunkSize = 20
    public let unions: [GridRect]
    private let count: Int

    /// `frame(i)` for `i` in `0..<count`.
    public init(count: Int, frame: (Int) -> GridRect) {
      self.count = count
      unions = stride(from: 0, to: count, by: Self.chunkSize).map { start in
        var union = frame(start)
        for index in (start + 1)..<min(count, start + Self.chunkSize) { union = union.union(frame(index)) }
        return union
      }
    }

    public init(frames: [GridRect]) { self.init(count: frames.count) { frames[$0] } }

    /// The items meeting `rect`, ascending, and the frames examined: every union, and each item of a chunk whose
    /// union meets the rect.
    public func items(intersecting rect: GridRect, frame: (Int) -> GridRect) -> (items: [Int], examined: Int) {
      var found: [Int] = []
      var examined = unions.count
      for (chunk, union) in unions.enumerated() where union.intersects(rect) {
        let start = chunk * Self.chunkSize
        for index in start..<min(count, start + Self.chunkSize) {
          examined += 1
          if frame(index).intersects(rect) { found.append(index) }
        }
      }
      return (found, examined)
    }

    public func items(intersecting rect: GridRect, in frames: [GridRect]) -> [Int] {
      items(intersecting: rect) { frames[$0] }.items
    }
  }

  /// PSCollectionView's `removeAndAddCellsIfNecessary`: keep the visible items that still meet the rect, look
  /// only within ±8×columns of the lowest and highest of them, and scan everything when none is left. A move
  /// further than that window (a jump) misses the items beyond it.
  public struct IndexWindow: Sendable {
    public let columns: Int
    public private(set) var visible: Set<Int> = []

    public init(columns: Int) { self.columns = max(1, columns) }

    /// Updates the visible set for `rect` over `count` items; returns the frames examined.
    @discardableResult
    public mutating func update(_ rect: GridRect, count: Int, frame: (Int) -> GridRect) -> Int {
      var examined = visible.count
      visible = visible.filter { $0 < count && frame($0).intersects(rect) }
      let buffer = 8 * columns
      let range: Range<Int>
      if let low = visible.min(), let high = visible.max() {
        range = max(0, low - buffer)..<min(count, high + buffer + 1)
      } else {
        range = 0..<count
      }
      for index in range where !visible.contains(index) {
        examined += 1
        if frame(index).intersects(rect) { visible.insert(index) }
      }
      return examined
    }
  }
}

extension GridRect {
  /// The smallest rect holding both.
  public func union(_ other: GridRect) -> GridRect {
    let left = Swift.min(x, other.x)
    let top = Swift.min(y, other.y)
    return GridRect(
      x: left, y: top, width: Swift.max(maxX, other.maxX) - left, height: Swift.max(maxY, other.maxY) - top)
  }
}
