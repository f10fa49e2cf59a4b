import WaterfallKit

/// The originals' algorithms, written in Swift from what the documents describe, run on the same input as ours.
enum Baselines {
  /// PSCollectionView's `relayoutViews`: float column offsets, and every frame stored as a rect string
  /// (`NSStringFromCGRect`) in a dictionary keyed by the index as a string.
  static func stringRectLayout(heights: [Int], width: Int, columns: Int, margin: Double = 1) -> [String: String] {
    var columnOffsets = [Double](repeating: margin, count: columns)
    let columnWidth = ((Double(width) - margin * Double(columns + 1)) / Double(columns)).rounded(.down)
    var map: [String: String] = [:]
    for (index, height) in heights.enumerated() {
      var column = 0
      for candidate in 1..<columns where columnOffsets[candidate] < columnOffsets[column] { column = candidate }
      let left = margin + Double(column) * (margin + columnWidth)
      let top = columnOffsets[column]
      map[String(index)] = rectString(x: left, y: top, width: columnWidth, height: Double(height))
      columnOffsets[column] = height > 0 ? top + Double(height) + margin : top
    }
    return map
  }

  static func rectString(x: Double, y: Double, width: Double, height: Double) -> String {
    "{{\(x), \(y)}, {\(width), \(height)}}"
  }

  /// Docs 002 / 003: every frame tested against the visible rect on every pass.
  static func scanAllFrames(_ frames: [GridRect], _ rect: GridRect) -> [Int] {
    var found: [Int] = []
    for index in frames.indices where frames[index].intersects(rect) { found.append(index) }
    return found
  }

  /// Doc 000's map of index → rect, enumerated whole on every pass.
  static func scanRectDictionary(_ map: [Int: GridRect], _ rect: GridRect) -> [Int] {
    var found: [Int] = []
    for (index, frame) in map where frame.intersects(rect) { found.append(index) }
    return found
  }

  /// A widely used layout's approach: union rects of chunks of 20 items, scanned linearly, then the items of the
  /// chunks that intersect.
  struct ChunkIndex {
    static let chunkSize = 20
    let frames: [GridRect]
    let unions: [GridRect]

    init(frames: [GridRect]) {
      self.frames = frames
      unions = stride(from: 0, to: frames.count, by: Self.chunkSize).map { start in
        let chunk = frames[start..<min(frames.count, start + Self.chunkSize)]
        let minX = chunk.map(\.x).min()!
        let minY = chunk.map(\.y).min()!
        let maxX = chunk.map(\.maxX).max()!
        let maxY = chunk.map(\.maxY).max()!
        return GridRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
      }
    }

    func items(intersecting rect: GridRect) -> [Int] {
      var found: [Int] = []
      for (chunk, union) in unions.enumerated() where union.intersects(rect) {
        let start = chunk * Self.chunkSize
        for index in start..<min(frames.count, start + Self.chunkSize) where frames[index].intersects(rect) {
          found.append(index)
        }
      }
      return found
    }
  }

  /// PSCollectionView's `removeAndAddCellsIfNecessary`: keep the visible keys, look only within ±8×columns of
  /// the lowest and highest visible index, and scan everything when nothing is visible.
  struct IndexWindow {
    let frames: [GridRect]
    let columns: Int
    private(set) var visible: Set<Int> = []

    init(frames: [GridRect], columns: Int) { (self.frames, self.columns) = (frames, columns) }

    mutating func update(_ rect: GridRect) -> Int {
      visible = visible.filter { frames[$0].intersects(rect) }
      let buffer = 8 * columns
      let range: Range<Int>
      if let low = visible.min(), let high = visible.max() {
        range = max(0, low - buffer)..<min(frames.count, high + buffer + 1)
      } else {
        range = 0..<frames.count
      }
      for index in range where !visible.contains(index) && frames[index].intersects(rect) {
        visible.insert(index)
      }
      return visible.count
    }
  }

  /// PSCollectionView's selection: the tapped view's frame as a string, searched for among all the values.
  static func indexByEqualRect(_ map: [String: String], frame: GridRect) -> Int? {
    let wanted = rectString(
      x: Double(frame.x), y: Double(frame.y), width: Double(frame.width), height: Double(frame.height))
    for (key, value) in map where value == wanted { return Int(key) }
    return nil
  }
}
