import CZlib
import Pictures

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
    return PNGEncoder.file(width: width, height: height, colorType: 2, zlibStream: deflate(raw))
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
}
