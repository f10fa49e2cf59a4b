import CZlib

/// A picture's pixels as one zlib stream, for terminals that take compressed pixels (kitty's `o=z`): RGB when
/// every pixel is opaque (a quarter fewer bytes before compressing), else RGBA. Made once, on the thread that
/// draws the picture, never on the main loop.
public struct DeflatedPixels: Hashable, Sendable {
  /// The zlib stream.
  public let bytes: [UInt8]
  /// 3 (RGB) or 4 (RGBA) bytes a pixel once inflated.
  public let channels: Int

  /// zlib's fastest level: on synthetic and photo-like boxes it gave within a tenth of level 6's size in a
  /// third of the time.
  static let level: Int32 = 1

  public init(rgba pixels: [UInt8]) {
    let opaque = stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
    channels = opaque ? 3 : 4
    let source: [UInt8]
    if opaque {
      var rgb = [UInt8](repeating: 0, count: pixels.count / 4 * 3)
      var target = 0
      for offset in stride(from: 0, to: pixels.count, by: 4) {
        rgb[target] = pixels[offset]
        rgb[target + 1] = pixels[offset + 1]
        rgb[target + 2] = pixels[offset + 2]
        target += 3
      }
      source = rgb
    } else {
      source = pixels
    }
    var length = compressBound(uLong(source.count))
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = output.withUnsafeMutableBufferPointer { target in
      source.withUnsafeBufferPointer {
        compress2(target.baseAddress, &length, $0.baseAddress, uLong($0.count), Self.level)
      }
    }
    // compressBound is always enough and level 1 is valid, so zlib cannot fail here but for memory.
    precondition(status == Z_OK, "zlib could not deflate \(source.count) bytes: status \(status)")
    bytes = Array(output.prefix(Int(length)))
  }
}
