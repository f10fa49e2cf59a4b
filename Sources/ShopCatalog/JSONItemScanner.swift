import Foundation

/// Reads the common shape of a JSON item straight into the column store's fields, without a tree or a String:
/// an object whose members are only the named fields, each once, sides as plain integers, text as strings
/// without escapes, every side in range and a price present. Anything else (extra fields, escapes, reals, a
/// problem to report, a syntax error) answers nil, and the record goes the general way (``JSONReader``, then
/// ``ItemDecoder``), which gives the same item or the exact message. So this only ever accepts valid JSON whose
/// item the general way would make the same.
enum JSONItemScanner {
  struct Item {
    var width = 0.0
    var height = 0.0
    var imageURL: Range<Int> = 0..<0
    var price: Range<Int> = 0..<0
    var title: Range<Int> = 0..<0
    var shop: Range<Int> = 0..<0
  }

  /// The members it knows, one bit each.
  private enum Member: UInt16 {
    case w = 1, width = 2, h = 4, height = 8, img = 16, image = 32, url = 64, title = 128, name = 256
    case price = 512, shop = 1024
  }

  /// An item read from a document: where its object ends (after the `}`), and the line breaks inside it.
  struct Scanned {
    var item: Item
    var end: Int
    var lineBreaks = 0
    /// The last line break's position, when there is one.
    var lastLineBreak = 0
  }

  /// The item in `bytes[range]` (one JSON value, white space around it allowed), or nil for the general way.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Item? {
    guard let scanned = scanObject(bytes, from: range.lowerBound, limit: range.upperBound) else { return nil }
    var position = scanned.end
    while position < range.upperBound, JSONArrayElements.isBlank(bytes[position]) { position += 1 }
    return position == range.upperBound ? scanned.item : nil
  }

  /// The item whose object starts at `start` (after white space) and ends before `limit`, read in one pass, or
  /// nil for the general way. What follows the object is the caller's to check.
  static func scanObject(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit end: Int) -> Scanned? {
    var cursor = Cursor(bytes: bytes, position: start, end: end)
    cursor.skipBlanks()
    guard cursor.take(UInt8(ascii: "{")) else { return nil }
    cursor.skipBlanks()
    var fields = Fields()
    while true {
      guard let key = cursor.string(), let member = member(UnsafeBufferPointer(rebasing: bytes[key])),
        fields.seen & member.rawValue == 0
      else { return nil }
      fields.seen |= member.rawValue
      cursor.skipBlanks()
      guard cursor.take(UInt8(ascii: ":")) else { return nil }
      cursor.skipBlanks()
      // A value of another kind (or a number this does not read) is left to the general way.
      guard fields.read(member, from: &cursor) else { return nil }
      cursor.skipBlanks()
      if cursor.take(UInt8(ascii: "}")) { break }
      guard cursor.take(UInt8(ascii: ",")) else { return nil }
      cursor.skipBlanks()
    }
    guard let item = fields.item else { return nil }
    return Scanned(item: item, end: cursor.position, lineBreaks: cursor.lineBreaks, lastLineBreak: cursor.lastLineBreak)
  }

  /// The members' values as read; each member once.
  private struct Fields {
    var seen: UInt16 = 0
    var w, width, h, height: Double?
    var img, image, url, title, name, price, shop: Range<Int>?

    /// Reads `member`'s value; false when it is not of the kind this reads.
    mutating func read(_ member: Member, from cursor: inout Cursor) -> Bool {
      func number(_ value: inout Double?) -> Bool {
        value = cursor.integer()
        return value != nil
      }
      func text(_ value: inout Range<Int>?) -> Bool {
        value = cursor.string()
        return value != nil
      }
      switch member {
      case .w: return number(&w)
      case .width: return number(&width)
      case .h: return number(&h)
      case .height: return number(&height)
      case .img: return text(&img)
      case .image: return text(&image)
      case .url: return text(&url)
      case .title: return text(&title)
      case .name: return text(&name)
      case .price: return text(&price)
      case .shop: return text(&shop)
      }
    }

    /// The item, when its sides are in range and it has a price.
    var item: Item? {
      // A `url` beside a picture is the item's page, an extra field: the general way keeps it.
      guard let side = w ?? width, let otherSide = h ?? height, let price, url == nil || (img == nil && image == nil),
        ItemDecoder.sideRange.contains(side), ItemDecoder.sideRange.contains(otherSide)
      else { return nil }
      var item = Item(width: side, height: otherSide, price: price)
      item.imageURL = img ?? image ?? url ?? item.imageURL
      item.title = title ?? name ?? item.title
      item.shop = shop ?? item.shop
      return item
    }
  }

  /// Where the scan is in the bytes, and the line breaks passed (for the element walker's line numbers).
  private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int
    var lineBreaks = 0
    var lastLineBreak = 0

    init(bytes: UnsafeBufferPointer<UInt8>, position: Int, end: Int) {
      (self.bytes, self.position, self.end) = (bytes, position, end)
    }

    /// Steps over `byte` when it is next.
    mutating func take(_ byte: UInt8) -> Bool {
      guard position < end, bytes[position] == byte else { return false }
      position += 1
      return true
    }

    mutating func skipBlanks() {
      while position < end,
        bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09
      {
        if bytes[position] == 0x0A { (lineBreaks, lastLineBreak) = (lineBreaks + 1, position) }
        position += 1
      }
    }

    /// A string without escapes or control characters, valid UTF-8: the range of its content.
    mutating func string() -> Range<Int>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = position
      var ascii = true
      while position < end {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") { break }
        if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        if byte >= 0x80 { ascii = false }
        position += 1
      }
      guard position < end else { return nil }
      let content = start..<position
      position += 1
      if !ascii && !isValidUTF8(UnsafeBufferPointer(rebasing: bytes[content])) { return nil }
      return content
    }

    /// A JSON integer of 1 to 15 digits, no sign.
    mutating func integer() -> Double? {
      let start = position
      var value = 0
      while position < end, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
        // Wrapping: a run of over 18 digits would overflow (and trap); past 15 the value is refused below anyway.
        value = value &* 10 &+ Int(bytes[position] - 0x30)
        position += 1
      }
      let digits = position - start
      guard digits >= 1, digits <= 15, digits == 1 || bytes[start] != 0x30 else { return nil }
      if position < end, bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e") {
        return nil
      }
      return Double(value)
    }
  }

  private static func member(_ key: UnsafeBufferPointer<UInt8>) -> Member? {
    func equals(_ word: StaticString) -> Bool {
      word.utf8CodeUnitCount == key.count && memcmp(word.utf8Start, key.baseAddress!, key.count) == 0
    }
    switch key.count {
    case 1: return key[0] == UInt8(ascii: "w") ? .w : key[0] == UInt8(ascii: "h") ? .h : nil
    case 3: return equals("img") ? .img : equals("url") ? .url : nil
    case 4: return equals("name") ? .name : equals("shop") ? .shop : nil
    case 5:
      return equals("width")
        ? .width : equals("title") ? .title : equals("image") ? .image : equals("price") ? .price : nil
    case 6: return equals("height") ? .height : nil
    default: return nil
    }
  }

  /// Whether `bytes` is well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var position = 0
    while position < bytes.count {
      let lead = bytes[position]
      if lead < 0x80 {
        position += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, low) = (3, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, high) = (3, 0x9F)
      case 0xF0: (length, low) = (4, 0x90)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, high) = (4, 0x8F)
      default: return false
      }
      guard position + length <= bytes.count else { return false }
      // Only the second byte has a narrower range.
      guard bytes[position + 1] >= low && bytes[position + 1] <= high else { return false }
      for offset in 2..<max(2, length) where bytes[position + offset] & 0xC0 != 0x80 { return false }
      position += length
    }
    return true
  }
}
