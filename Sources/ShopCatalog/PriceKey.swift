import Foundation

/// A price's sort key, computed once when the item is read: ``PriceValue``'s amount as a Double. The common
/// shape, a currency sign and up to 15 plain digits (`¥1299`, `$45`), is read straight from the bytes; anything
/// else goes through ``PriceValue/parse(_:)``.
enum PriceKey {
  /// The amount (nil: unreadable), and whether the Double is the exact value (false when the price has more
  /// digits than a Double keeps, so two such prices with equal Doubles must be compared as decimals).
  static func value(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> (value: Double?, exact: Bool) {
    if let plain = plainAmount(bytes) { return (Double(plain), true) }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let decimal = PriceValue.parse(text) else { return (nil, true) }
    let digits = text.unicodeScalars.reduce(0) { $0 + (PriceValue.digitValue($1) == nil ? 0 : 1) }
    return (NSDecimalNumber(decimal: decimal).doubleValue, digits <= 15)
  }

  /// The currency signs the plain shape may start with: `¥` `￥` `$` `€` `£`.
  private static let signs: [[UInt8]] = [
    [0xC2, 0xA5], [0xEF, 0xBF, 0xA5], [0x24], [0xE2, 0x82, 0xAC], [0xC2, 0xA3],
  ]

  /// The amount of a price that is an optional currency sign then 1 to 15 ASCII digits (no leading zero), else nil.
  static func plainAmount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var start = 0
    for sign in signs where bytes.count > sign.count && bytes.starts(with: sign) {
      start = sign.count
      break
    }
    let digits = bytes.count - start
    guard digits >= 1, digits <= 15, digits == 1 || bytes[start] != 0x30 else { return nil }
    var value = 0
    for byte in UnsafeBufferPointer(rebasing: bytes[start...]) {
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }
}
