/// A stretch's shapes the way the layout needs them: the picture sides side by side and each title's
/// ``TitleMetrics`` (width and look), no title itself. The column store counted the metrics as it read the
/// catalogue, so measuring 10^6 items copies numbers; a source without them (a database) counts them here from
/// the title's bytes (``append(width:height:titleUTF8:)``).
public struct MeasuredShapes: Sendable, Equatable {
  /// Width and height of each item, one after the other.
  public private(set) var sides: [Double] = []
  /// Each title's display width (``TitleMetrics/width``).
  public private(set) var titleWidths: [UInt16] = []
  /// Each title's look (``TitleMetrics/look``).
  public private(set) var looks: [UInt32] = []

  public init() {}

  public init(_ shapes: some Sequence<ItemShape>) {
    for shape in shapes { append(shape) }
  }

  public init(_ shapes: some Sequence<MeasuredShape>) {
    for shape in shapes { append(width: shape.width, height: shape.height, title: shape.title) }
  }

  public var count: Int { titleWidths.count }
  public var isEmpty: Bool { titleWidths.isEmpty }

  public mutating func reserveCapacity(_ items: Int) {
    sides.reserveCapacity(2 * items)
    titleWidths.reserveCapacity(items)
    looks.reserveCapacity(items)
  }

  /// Adds an item whose title's metrics are known.
  public mutating func append(width: Double, height: Double, title: TitleMetrics) {
    sides.append(width)
    sides.append(height)
    titleWidths.append(title.width)
    looks.append(title.look)
  }

  /// Adds an item whose title is `title`'s bytes (valid UTF-8), counting its metrics.
  public mutating func append(width: Double, height: Double, titleUTF8 title: UnsafeBufferPointer<UInt8>) {
    append(width: width, height: height, title: TitleMetrics(titleUTF8: title))
  }

  public mutating func append(_ shape: ItemShape) {
    append(width: shape.width, height: shape.height, title: TitleMetrics(title: shape.title))
  }

  /// Adds items from columns side by side: `sides` holds each item's width then height (a database's packed
  /// runs, appended a run at a time rather than an item at a time).
  public mutating func append(
    sides newSides: ArraySlice<Double>, titleWidths newWidths: ArraySlice<UInt16>, looks newLooks: ArraySlice<UInt32>
  ) {
    precondition(newSides.count == 2 * newWidths.count && newLooks.count == newWidths.count)
    sides += newSides
    titleWidths += newWidths
    looks += newLooks
  }

  public mutating func append(contentsOf other: MeasuredShapes) {
    sides += other.sides
    titleWidths += other.titleWidths
    looks += other.looks
  }

  /// Item `index`'s shape.
  public subscript(index: Int) -> MeasuredShape {
    MeasuredShape(
      width: sides[2 * index], height: sides[2 * index + 1],
      title: TitleMetrics(width: titleWidths[index], look: looks[index]))
  }

  /// Every item's shape.
  public var shapes: [MeasuredShape] { (0..<count).map { self[$0] } }
}

/// One item of ``MeasuredShapes``: its picture's sides and its title's metrics.
public struct MeasuredShape: Hashable, Sendable {
  public var width: Double
  public var height: Double
  public var title: TitleMetrics

  public init(width: Double, height: Double, title: TitleMetrics) {
    (self.width, self.height, self.title) = (width, height, title)
  }

  /// The shape of `shape`, its title counted.
  public init(_ shape: ItemShape) {
    self.init(width: shape.width, height: shape.height, title: TitleMetrics(title: shape.title))
  }
}
