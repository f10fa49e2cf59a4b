/// What a box needs of its title before the title is shown: its display width (the lines the box reserves) and
/// its look (the placeholder's shade until the item loads), counted in one pass over the title's UTF-8 as the
/// catalogue is read and kept in the column store, so that measuring a whole result (`G`, a far jump) copies
/// two numbers an item instead of decoding 10^6 titles again.
public struct TitleMetrics: Hashable, Sendable {
  /// Titles are counted to this many scalars: a 10 MB title costs nothing, and the box shows two lines at most.
  public static let scalarLimit = 400
  /// The look hashes this many bytes of the title at most.
  public static let lookPrefix = 256

  /// The title's display width summed over scalars (an emoji after a zero-width joiner counts nothing): exact for
  /// most titles, an estimate for some emoji sequences. At most 2 × ``scalarLimit``.
  public var width: UInt16
  /// FNV-1a (64 bits) of the title's first ``lookPrefix`` bytes, shifted right by 33: what the placeholder's shade
  /// is picked by.
  public var look: UInt32

  public init(width: UInt16, look: UInt32) {
    (self.width, self.look) = (width, look)
  }

  /// The metrics of `title`, valid UTF-8 (the bytes of a Swift string, or a database's text).
  public init(titleUTF8 title: UnsafeBufferPointer<UInt8>) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in title.prefix(Self.lookPrefix) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    look = UInt32(truncatingIfNeeded: hash >> 33)
    width = UInt16(Self.width(ofUTF8: title))
  }

  public init(title: String) {
    var title = title
    self = title.withUTF8 { Self(titleUTF8: $0) }
  }

  /// The width over the scalars, decoded here without a string.
  private static func width(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var width = 0
    var afterJoiner = false
    var count = 0
    var position = 0
    while position < bytes.count, count < Self.scalarLimit {
      let lead = UInt32(bytes[position])
      // ASCII, most of most titles, without the decode and the table: printable is one column.
      if lead < 0x80 {
        width += lead >= 0x20 && lead != 0x7F ? 1 : 0
        afterJoiner = false
        position += 1
        count += 1
        continue
      }
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      guard position + length <= bytes.count else { break }
      var value = lead & (0x7F >> UInt32(length))
      for next in 1..<length { value = value << 6 | UInt32(bytes[position + next] & 0x3F) }
      position += length
      count += 1
      guard let scalar = Unicode.Scalar(value) else { continue }
      // An emoji after a zero-width joiner is part of the picture before it, which already counted 2.
      if !(afterJoiner && ScalarWidth.isEmojiPart(scalar)) { width += ScalarWidth.ofTabled(scalar) }
      afterJoiner = value == 0x200D
    }
    return width
  }
}
