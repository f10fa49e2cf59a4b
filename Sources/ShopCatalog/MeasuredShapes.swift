/// A stretch's shapes the way the column store keeps them: the picture sides side by side and every title's
/// UTF-8 in one buffer with end offsets. Measuring 10^6 items as ``ItemShape``s made a `String` per title, only
/// for its width to be counted and the string thrown away: here a stretch is three growing arrays, and a title's
/// bytes are read in place (``withTitleBytes(_:)``).
public struct MeasuredShapes: Sendable, Equatable {
  /// Width and height of each item, one after the other.
  public private(set) var sides: [Double] = []
  /// Every title's UTF-8, one after the other.
  public private(set) var titleBytes: [UInt8] = []
  /// `titleEnds[i]` ends item `i`'s title in ``titleBytes``; it starts where the one before ends.
  public private(set) var titleEnds: [Int] = []

  public init() {}

  public init(_ shapes: some Sequence<ItemShape>) {
    for shape in shapes { append(shape) }
  }

  public var count: Int { titleEnds.count }
  public var isEmpty: Bool { titleEnds.isEmpty }

  public mutating func reserveCapacity(_ items: Int) {
    sides.reserveCapacity(2 * items)
    titleEnds.reserveCapacity(items)
  }

  /// Adds an item whose title is `title`'s bytes (valid UTF-8: the bytes of a Swift string).
  public mutating func append(width: Double, height: Double, titleUTF8 title: some Collection<UInt8>) {
    sides.append(width)
    sides.append(height)
    titleBytes.append(contentsOf: title)
    titleEnds.append(titleBytes.count)
  }

  public mutating func append(_ shape: ItemShape) {
    append(width: shape.width, height: shape.height, titleUTF8: shape.title.utf8)
  }

  public mutating func append(contentsOf other: MeasuredShapes) {
    let base = titleBytes.count
    sides += other.sides
    titleBytes += other.titleBytes
    titleEnds += other.titleEnds.lazy.map { $0 + base }
  }

  /// The range of item `index`'s title in ``titleBytes``.
  public func titleRange(of index: Int) -> Range<Int> {
    (index == 0 ? 0 : titleEnds[index - 1])..<titleEnds[index]
  }

  /// Item `index` as an ``ItemShape`` (its title a new string: for tests and small stretches).
  public subscript(index: Int) -> ItemShape {
    ItemShape(
      width: sides[2 * index], height: sides[2 * index + 1],
      title: String(decoding: titleBytes[titleRange(of: index)], as: UTF8.self))
  }

  /// Every item as an ``ItemShape``.
  public var shapes: [ItemShape] { (0..<count).map { self[$0] } }
}
