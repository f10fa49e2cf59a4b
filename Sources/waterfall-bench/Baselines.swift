import WaterfallKit

/// The originals' layout and selection, written in Swift from what the documents describe, run on the same input as
/// ours (their visible-cell queries are WaterfallKit's ``VisibleCellQueries``, which the inspector runs too).
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

  /// Doc 000's map of index → rect, enumerated whole on every pass.
  static func scanRectDictionary(_ map: [Int: GridRect], _ rect: GridRect) -> [Int] {
    var found: [Int] = []
    for (index, frame) in map where frame.intersects(rect) { found.append(index) }
    return found
  }

  /// PSCollectionView's selection: the tapped view's frame as a string, searched for among all the values.
  static func indexByEqualRect(_ map: [String: String], frame: GridRect) -> Int? {
    let wanted = rectString(
      x: Double(frame.x), y: Double(frame.y), width: Double(frame.width), height: Double(frame.height))
    for (key, value) in map where value == wanted { return Int(key) }
    return nil
  }
}
