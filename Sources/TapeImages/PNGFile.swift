import CZlib

/// A PNG of a canvas: 8-bit RGB, deflated by zlib at a fixed level (1: a screen is mostly runs of one colour, which
/// the fastest level packs nearly as well), so the same pixels give the same bytes.
public enum PNGFile {
  public static func encode(width: Int, height: Int, pixels: [UInt32]) -> [UInt8] {
    var raw = [UInt8](repeating: 0, count: height * (width * 3 + 1))
    var target = 0
    for row in 0..<height {
      raw[target] = 0  // filter: none
      target += 1
      for pixel in pixels[(row * width)..<(row * width + width)] {
        raw[target] = UInt8(truncatingIfNeeded: pixel)
        raw[target + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
        raw[target + 2] = UInt8(truncatingIfNeeded: pixel >> 16)
        target += 3
      }
    }
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
    png += chunk("IDAT", deflate(raw))
    png += chunk("IEND", [])
    return png
  }

  private static func deflate(_ data: [UInt8]) -> [UInt8] {
    var length = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = output.withUnsafeMutableBufferPointer { target in
      data.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(data.count), 1)
      }
    }
    precondition(status == Z_OK, "zlib: a buffer of compressBound's size is enough")
    return Array(output[0..<Int(length)])
  }

  private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + body
    let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    return bigEndian(UInt32(body.count)) + typed + bigEndian(crc)
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }
}
