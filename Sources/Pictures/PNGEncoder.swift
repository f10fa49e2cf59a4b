/// The smallest correct PNG of a picture: 8-bit RGBA, its zlib stream in stored (uncompressed) blocks. For
/// iTerm2's inline images, which take a file format, not raw pixels; the bytes go to a local terminal, where
/// compressing would cost more time than the bytes it saves.
public enum PNGEncoder {
  public static func encode(width: Int, height: Int, rgba: ArraySlice<UInt8>) -> [UInt8] {
    precondition(rgba.count == width * height * 4, "RGBA pixels: 4 bytes each")
    var raw: [UInt8] = []
    raw.reserveCapacity(height * (width * 4 + 1))
    var offset = rgba.startIndex
    for _ in 0..<height {
      raw.append(0)  // filter: none
      raw += rgba[offset..<offset + width * 4]
      offset += width * 4
    }
    return file(width: width, height: height, colorType: 6, zlibStream: zlibStored(raw))
  }

  /// A PNG file around an image's zlib stream: 8 bits a channel, `colorType` 2 (RGB) or 6 (RGBA), no interlace.
  public static func file(width: Int, height: Int, colorType: UInt8, zlibStream: [UInt8]) -> [UInt8] {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0])
    png += chunk("IDAT", zlibStream)
    png += chunk("IEND", [])
    return png
  }

  private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let length = min(65535, data.count - start)
      let last: UInt8 = start + length == data.count ? 1 : 0
      output += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
      output += data[start..<start + length]
      start += length
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return output + bigEndian(b << 16 | a)
  }

  private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + body
    return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
  }

  private static let crcTable: [UInt32] = (0..<256).map { value in
    var crc = UInt32(value)
    for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    return crc
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }
}
