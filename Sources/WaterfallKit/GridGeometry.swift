/// A position on the character grid: `x` counts columns to the right, `y` rows downwards. (The grid's unit is
/// one character position; "cell" in this package means the reusable ``WaterfallCell`` only.)
public struct GridPoint: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) { (self.x, self.y) = (x, y) }

  public var description: String { "(\(x), \(y))" }
}

/// A size on the character grid: columns by rows.
public struct GridSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) { (self.width, self.height) = (width, height) }

  public var description: String { "\(width)×\(height)" }
}

/// A rectangle on the character grid: the half-open ranges `x ..< x + width` and `y ..< y + height`.
public struct GridRect: Hashable, Sendable, CustomStringConvertible {
  public var x, y, width, height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }

  /// A rect with no cells in it: zero or negative width or height.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Whether the rect covers the cell at `point`.
  public func contains(_ point: GridPoint) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }

  /// Whether the two rects share at least one cell. An empty rect shares none.
  public func intersects(_ other: GridRect) -> Bool {
    !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  /// Whether the rows `lower ..< upper` overlap the rect's rows.
  public func overlapsRows(_ lower: Int, _ upper: Int) -> Bool {
    y < upper && lower < maxY
  }

  public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
