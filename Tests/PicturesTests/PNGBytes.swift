/// PNG files written byte by byte, for pictures no encoder would make.
enum PNGBytes {
  /// A valid-looking PNG of 74 bytes whose header claims `width` × `height` RGB pixels (a decompression bomb's
  /// header: its few bytes of data could never fill it).
  static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
    var header = bigEndian(width) + bigEndian(height)
    header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, no filter method, not interlaced
    // A zlib stream: one stored block of 6 zero bytes, then its Adler-32.
    let data: [UInt8] = [0x78, 0x01, 0x01, 0x06, 0x00, 0xF9, 0xFF, 0, 0, 0, 0, 0, 0, 0x00, 0x06, 0x00, 0x01]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", data)
      + chunk("IEND", [])
  }

  /// `png` with its IHDR chunk's checksum spoiled.
  static func damaged(_ png: [UInt8]) -> [UInt8] {
    var bytes = png
    bytes[29] ^= 0xFF
    return bytes
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
