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
  public var aspectRatio: Double
  /// Picks the placeholder's colour and shade, stable for the same picture (31 bits).
  public var look: Int {
    get { Int(storedLook) }
    set { storedLook = UInt32(truncatingIfNeeded: newValue) }
  }
  // Small integers, so that an item is 16 bytes, not 24: a measured result keeps one per item (10^6 to 10^7), and
  // the bytes are what a far jump copies and faults in. A width is at most 800 (400 scalars of 2 columns).
  private var storedTitleWidth: UInt16 = 0
  private var storedLook: UInt32 = 0

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
    storedLook = title.look
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
