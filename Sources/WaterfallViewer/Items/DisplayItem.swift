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
    var title = shape.title
    self = title.withUTF8 { Self(width: shape.width, height: shape.height, titleUTF8: $0) }
  }

  /// An item measured but not loaded, from its title's UTF-8 read in place (``MeasuredShapes``): the same as
  /// ``init(_:)-(ItemShape)``, without a string per title.
  public init(width: Double, height: Double, titleUTF8 title: UnsafeBufferPointer<UInt8>) {
    titleWidth = Self.width(ofTitleUTF8: title)
    aspectRatio = height / width
    look = Int(truncatingIfNeeded: FNV1a.hash(UnsafeBufferPointer(rebasing: title.prefix(256))) >> 33)
  }

  /// Every item of a measured stretch, in order.
  public static func measured(_ shapes: MeasuredShapes) -> [DisplayItem] {
    shapes.titleBytes.withUnsafeBufferPointer { bytes in
      (0..<shapes.count).map { index in
        DisplayItem(
          width: shapes.sides[2 * index], height: shapes.sides[2 * index + 1],
          titleUTF8: UnsafeBufferPointer(rebasing: bytes[shapes.titleRange(of: index)]))
      }
    }
  }

  /// ``width(ofTitle:)`` over valid UTF-8, decoded here: the same scalars, the same sum.
  private static func width(ofTitleUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var width = 0
    var afterJoiner = false
    var count = 0
    var position = 0
    while position < bytes.count, count < Self.titleLimit {
      let lead = UInt32(bytes[position])
      // ASCII, most of most titles, without the decode and the table: printable is one column.
      if lead < 0x80 {
        width += lead >= 0x20 && lead != 0x7F ? 1 : 0
        afterJoiner = false
        position += 1
        count += 1
        continue
      }
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard position + length <= bytes.count else { break }
      var value = length == 1 ? lead : lead & (0x7F >> UInt32(length))
      for next in 1..<max(1, length) { value = value << 6 | UInt32(bytes[position + next] & 0x3F) }
      position += length
      count += 1
      guard let scalar = Unicode.Scalar(value) else { continue }
      if !(afterJoiner && TextSanitizer.isEmojiPart(scalar)) { width += DisplayWidth.ofTabled(scalar) }
      afterJoiner = value == 0x200D
    }
    return width
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
