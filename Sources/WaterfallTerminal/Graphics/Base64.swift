/// Standard base64 with padding, written in place: kitty's pictures are megabytes of it, and writing it straight
/// into each command spares the string and the copies Foundation's encoder goes through.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// How many bytes `count` bytes take in base64.
  static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

  /// Writes `bytes` in base64 at `output`, which has room for ``encodedCount(_:)`` bytes.
  static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) {
    alphabet.withUnsafeBufferPointer { alphabet in
      var index = 0
      var out = output
      while index + 3 <= bytes.count {
        let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
        out[0] = alphabet[Int(group >> 18)]
        out[1] = alphabet[Int((group >> 12) & 63)]
        out[2] = alphabet[Int((group >> 6) & 63)]
        out[3] = alphabet[Int(group & 63)]
        out += 4
        index += 3
      }
      let left = bytes.count - index
      guard left > 0 else { return }
      let group = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      out[0] = alphabet[Int(group >> 18)]
      out[1] = alphabet[Int((group >> 12) & 63)]
      out[2] = left == 2 ? alphabet[Int((group >> 6) & 63)] : UInt8(ascii: "=")
      out[3] = UInt8(ascii: "=")
    }
  }
}
