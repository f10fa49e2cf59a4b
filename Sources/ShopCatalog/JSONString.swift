/// Text as a JSON string holds it: quotes, backslashes and control characters (DEL too) escaped, every other byte
/// of its UTF-8 as it is. The one escaper, for `--pick`'s records and a recording's lines alike.
public enum JSONString {
  /// Whether `byte` of UTF-8 text must be escaped in a JSON string.
  @inlinable
  public static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
  }

  /// The escape of a byte that needs one (``needsEscape(_:)``): `\"`, `\\`, `\n`, `\r`, `\t`, else `\u00` and two
  /// lowercase hex digits; its bytes packed into a word, the first in the lowest byte, and how many there are. (A
  /// word, not a closure or an array: the frame encoder escapes a recording's megabytes with it.)
  @inlinable
  public static func escape(_ byte: UInt8) -> (packed: UInt64, count: Int) {
    let backslash = UInt64(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): return (backslash | UInt64(byte) << 8, 2)
    case 0x0A: return (backslash | UInt64(UInt8(ascii: "n")) << 8, 2)
    case 0x0D: return (backslash | UInt64(UInt8(ascii: "r")) << 8, 2)
    case 0x09: return (backslash | UInt64(UInt8(ascii: "t")) << 8, 2)
    default:
      func hex(_ digit: UInt8) -> UInt64 {
        UInt64(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
      }
      let prefix =
        backslash | UInt64(UInt8(ascii: "u")) << 8 | UInt64(UInt8(ascii: "0")) << 16
        | UInt64(UInt8(ascii: "0")) << 24
      return (prefix | hex(byte >> 4) << 32 | hex(byte & 0xF) << 40, 6)
    }
  }

  /// `text` as a JSON string, quotes included.
  public static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(text.utf8.count + 2)
    for byte in text.utf8 {
      guard needsEscape(byte) else {
        bytes.append(byte)
        continue
      }
      var (word, count) = escape(byte)
      for _ in 0..<count {
        bytes.append(UInt8(truncatingIfNeeded: word))
        word >>= 8
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }
}
