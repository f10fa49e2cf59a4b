import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The size a PNG's header claims, read from its first bytes before any decoder sees the file: libpng reports a
/// damaged header (a bad checksum, no data after it) only as a GLib warning, so a bomb with a broken header
/// would fail with no reason instead of being refused for its size.
enum ClaimedSize {
  /// The width and height in the IHDR chunk of the PNG at `path`, or nil when it does not start as a PNG.
  static func png(at path: String) -> PictureDimensions? {
    let descriptor = open(PictureFile.systemPath(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 24)
    guard read(descriptor, &bytes, bytes.count) == bytes.count else { return nil }
    // The signature, then the IHDR chunk: its length (13), its type, the width and height (big-endian).
    guard bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
      bytes[12..<16].elementsEqual(Array("IHDR".utf8))
    else { return nil }
    let bigEndian = { (start: Int) in bytes[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
    return PictureDimensions(width: bigEndian(16), height: bigEndian(20))
  }
}
