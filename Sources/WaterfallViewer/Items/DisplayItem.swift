import Pictures
import ShopCatalog

/// What the layout needs of a shop item, computed cheaply once when the item arrives: 100,000 items must reach
/// the first frame in well under a second. The text itself is sanitised and wrapped only when a cell shows the
/// item (see ``ItemCell``).
public struct DisplayItem: Sendable {
  /// Titles are cut to this many scalars before anything looks at them, so a 10 MB title costs nothing.
  static let titleLimit = 400

  /// The title's display width, summed over scalars: exact for most titles, an estimate for some emoji sequences (keycaps, flags).
  /// It only decides how many title lines the box reserves.
  public var titleWidth: Int
  public var aspectRatio: Double
  /// Picks the placeholder's colour and shade, stable for the same picture.
  public var look: Int

  public init(_ item: ShopItem) {
    titleWidth = Self.width(ofTitle: item.title)
    aspectRatio = item.aspectRatio
    let named = item.imageURL.isEmpty ? item.title + item.price : item.imageURL
    look = Self.look(of: named)
  }

  /// An item measured but not loaded (``ItemShape``): the same height as the item will have; its shade
  /// follows the title until the item comes.
  public init(_ shape: ItemShape) {
    titleWidth = Self.width(ofTitle: shape.title)
    aspectRatio = shape.height / shape.width
    look = Self.look(of: shape.title)
  }

  private static func width(ofTitle title: String) -> Int {
    var width = 0
    var afterJoiner = false
    var count = 0
    // A counted loop, not `prefix`: `G` measures every title of a catalogue (10^6 of them) through here.
    for scalar in title.unicodeScalars {
      guard count < Self.titleLimit else { break }
      count += 1
      // An emoji after a zero-width joiner is part of the picture before it, which already counted 2.
      if !(afterJoiner && TextSanitizer.isEmojiPart(scalar)) { width += DisplayWidth.ofTabled(scalar) }
      afterJoiner = scalar.value == 0x200D
    }
    return width
  }

  private static func look(of name: String) -> Int {
    // Over the string's own bytes where it has them: `G` hashes every title of a catalogue through here, and the
    // generic prefix sequence cost a tenth of it.
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
