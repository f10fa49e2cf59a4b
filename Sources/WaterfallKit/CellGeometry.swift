/// A position in character cells. `x` grows to the right, `y` grows downwards.
public struct CellPoint: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  public var description: String { "(\(x), \(y))" }
}

/// A size in character cells.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public var description: String { "\(width)×\(height)" }
}

/// A rectangle of character cells: the half-open ranges `x ..< x + width` and `y ..< y + height`.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }

  /// A rect with no cells in it: zero or negative width or height.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// Whether the rect covers the cell at `point`.
  public func contains(_ point: CellPoint) -> Bool {
    point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
  }

  /// Whether the two rects share at least one cell. An empty rect shares none.
  public func intersects(_ other: CellRect) -> Bool {
    !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  /// Whether the rows `lower ..< upper` overlap the rect's rows.
  public func overlapsRows(_ lower: Int, _ upper: Int) -> Bool {
    y < upper && lower < maxY
  }

  public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
