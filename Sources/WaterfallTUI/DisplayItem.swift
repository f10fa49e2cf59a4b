import ShopCatalog

/// What the screen needs of a shop item, made safe once when the item arrives: sanitised text, capped so a
/// 10 MB title costs nothing per frame, and a placeholder look derived from the item.
public struct DisplayItem: Sendable {
  /// Titles longer than this are cut before anything else looks at them.
  static let titleLimit = 400

  public var title: String
  public var titleWidth: Int
  public var price: String
  public var aspectRatio: Double
  /// Picks the placeholder's colour and shade, stable for the same picture.
  public var look: Int

  public init(_ item: ShopItem) {
    title = TextSanitizer.sanitize(String(item.title.prefix(Self.titleLimit)))
    titleWidth = DisplayWidth.of(title)
    price = TextSanitizer.sanitize(String(item.price.prefix(40)))
    aspectRatio = item.aspectRatio
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in (item.imageURL.isEmpty ? item.title + item.price : item.imageURL).utf8.prefix(256) {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
    }
    look = Int(truncatingIfNeeded: hash >> 33)
  }
}
