import CDeflate

/// A picture's pixels as one zlib stream, for terminals that take compressed pixels (kitty's `o=z`): RGB when
/// every pixel is opaque (a quarter fewer bytes before compressing), else RGBA. Made once, on the thread that
/// draws the picture, never on the main loop.
public struct DeflatedPixels: Hashable, Sendable {
  /// The zlib stream.
  public let bytes: [UInt8]
  /// 3 (RGB) or 4 (RGBA) bytes a pixel once inflated.
  public let channels: Int

  /// libdeflate's fastest level that still searches for matches (0 only stores). Measured on the 2 MP photo-like
  /// bench picture at 480×480 px RGB: level 1 gave 441 KB in 6.2 ms, levels 2–6 436–440 KB in 8.4–9.0 ms, zlib's
  /// level 1 (before) 476 KB in 13.1 ms; PNG's row filters before it saved 3 % (Sub) to 8 % (Paeth) for 13–72 %
  /// more time, and kitty would then decode a PNG (``KittyTransmission``).
  static let level: Int32 = 1

  public init(rgba pixels: [UInt8]) {
    let opaque = pixels.withUnsafeBufferPointer { pixels in
      stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    }
    channels = opaque ? 3 : 4
    bytes = opaque ? Self.deflate(Self.rgb(of: pixels)) : Self.deflate(pixels)
  }

  /// The pixels without their alpha bytes.
  private static func rgb(of pixels: [UInt8]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: pixels.count / 4 * 3) { rgb, count in
      pixels.withUnsafeBufferPointer { rgba in
        var target = 0
        for offset in stride(from: 0, to: rgba.count, by: 4) {
          rgb.initializeElement(at: target, to: rgba[offset])
          rgb.initializeElement(at: target + 1, to: rgba[offset + 1])
          rgb.initializeElement(at: target + 2, to: rgba[offset + 2])
          target += 3
        }
      }
      count = pixels.count / 4 * 3
    }
  }

  private static func deflate(_ source: [UInt8]) -> [UInt8] {
    // A compressor per picture: it is not safe to share across the picture workers, and making one costs
    // microseconds against the milliseconds of compressing.
    guard let compressor = libdeflate_alloc_compressor(level) else {
      preconditionFailure("libdeflate could not allocate a compressor")
    }
    defer { libdeflate_free_compressor(compressor) }
    let bound = libdeflate_zlib_compress_bound(compressor, source.count)
    return [UInt8](unsafeUninitializedCapacity: bound) { output, count in
      count = source.withUnsafeBytes {
        libdeflate_zlib_compress(compressor, $0.baseAddress, $0.count, output.baseAddress, output.count)
      }
      // The bound is always enough, so 0 (did not fit) cannot happen.
      precondition(count > 0, "libdeflate could not deflate \(source.count) bytes")
    }
  }
}
