import Pictures
import ShopCatalog

/// What the layout needs of a shop item, computed cheaply once when the item arrives: 100,000 items must reach
/// the first frame in well under a second. The text itself is sanitised and wrapped only when a cell shows the
/// item (see ``ItemCell``).
public struct DisplayItem: Sendable {
  /// Titles are cut to this many scalars before anything looks at them, so a 10 MB title costs nothing.
  static let titleLimit = TitleMetrics.scalarLimit

  /// The title's display width, summed over scalars: exact for most titles, an estimate for some emoji sequences (keycaps, flags).
  /// It only decides how many title lines the box reserves.
  public var titleWidth: Int {
    get { Int(storedTitleWidth) }
    set { storedTitleWidth = UInt16(clamping: newValue) }
  }
  /// Height over width: the Double's bits in two 32-bit halves, so that the item aligns to 4 bytes, not 8 (a
  /// `Float` would move a box a row where a ratio rounds at exactly half a row). Any ratio a source wrote, 0, ∞
  /// and NaN included: whoever turns it into a size bounds it there (``BoxMetrics``, the detail picture).
  public var aspectRatio: Double {
    get { Double(bitPattern: UInt64(aspectHigh) << 32 | UInt64(aspectLow)) }
    set {
      aspectHigh = UInt32(truncatingIfNeeded: newValue.bitPattern >> 32)
      aspectLow = UInt32(truncatingIfNeeded: newValue.bitPattern)
    }
  }
  /// Picks the placeholder's colour and shade, stable for the same picture: the look modulo ``lookModulus``.
  public var look: Int {
    get { Int(storedLook) }
    set { storedLook = UInt16(truncatingIfNeeded: newValue.magnitude % UInt(Self.lookModulus)) }
  }
  /// The placeholder reads `look % 3` (its shade) and `look / 7 % 6` (its colour), which depend on `look % 42`
  /// only: a multiple of 42 under 2^16 keeps both while the look fits 16 bits.
  public static let lookModulus = 42 * 1560
  // Small numbers, so that an item is 12 bytes, not 16: a measured result keeps one per item (10^6 to 10^7; 115
  // MiB at 10^7), and the bytes are what `G` and a far jump fault in. A width is at most 800 (400 scalars of 2
  // columns).
  private var aspectHigh: UInt32 = 0x3FF0_0000
  private var aspectLow: UInt32 = 0
  private var storedTitleWidth: UInt16 = 0
  private var storedLook: UInt16 = 0

  public init(_ item: ShopItem) {
    aspectRatio = item.aspectRatio
    titleWidth = Int(TitleMetrics(title: item.title).width)
    let named = item.imageURL.isEmpty ? item.title + item.price : item.imageURL
    look = Self.look(of: named)
  }

  /// An item measured but not loaded (``ItemShape``): the same height as the item will have; its shade
  /// follows the title until the item comes.
  public init(_ shape: ItemShape) {
    self.init(MeasuredShape(shape))
  }

  /// An item measured but not loaded, from its sides and its title's metrics (``MeasuredShape``).
  public init(_ shape: MeasuredShape) {
    self.init(width: shape.width, height: shape.height, title: shape.title)
  }

  init(width: Double, height: Double, title: TitleMetrics) {
    aspectRatio = height / width
    storedTitleWidth = title.width
    look = Int(title.look)
  }

  /// Every item of a measured stretch, in order: numbers copied, the titles were counted when read.
  public static func measured(_ shapes: MeasuredShapes) -> [DisplayItem] {
    shapes.sides.withUnsafeBufferPointer { sides in
      shapes.titleWidths.withUnsafeBufferPointer { widths in
        shapes.looks.withUnsafeBufferPointer { looks in
          (0..<shapes.count).map { index in
            DisplayItem(
              width: sides[2 * index], height: sides[2 * index + 1],
              title: TitleMetrics(width: widths[index], look: looks[index]))
          }
        }
      }
    }
  }

  private static func look(of name: String) -> Int {
    // Over the string's own bytes where it has them: the generic prefix sequence cost a tenth of a page's items.
    let hash =
      name.utf8.withContiguousStorageIfAvailable { FNV1a.hash(UnsafeBufferPointer(rebasing: $0.prefix(256))) }
      ?? FNV1a.hash(name.utf8.prefix(256))
    return Int(truncatingIfNeeded: hash >> 33)
  }

  /// The title as the screen may show it: capped and sanitised.
  static func safeTitle(_ item: ShopItem) -> String {
    TextSanitizer.sanitize(item.title, limit: titleLimit)
  }

  /// The price as the screen may show it.
  static func safePrice(_ item: ShopItem) -> String {
    TextSanitizer.sanitize(item.price, limit: 40)
  }
}
