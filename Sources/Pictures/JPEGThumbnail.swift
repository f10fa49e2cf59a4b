import CJPEG
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// JPEGs decoded by libjpeg-turbo itself (``CJPEG``): at the smallest of its scales (1/8, 1/4, 1/2, 1) that covers the box, then
/// an area average to the size exactly, upright. libvips' loader around the same library cost up to five times
/// `djpeg -scale` for a thumbnail; this costs about what `djpeg` does. What it leaves (not a JPEG by its first
/// bytes, CMYK, 12-bit samples) goes to libvips as before.
enum JPEGThumbnail {
  /// The upright size of the JPEG at `path` from its header; nil when this is not a JPEG it decodes.
  static func probe(path: String) -> Result<PictureDimensions, PictureFailure>? {
    guard let file = MappedFile(jpegAt: path) else { return nil }
    defer { file.close() }
    return header(of: file.bytes, path: path)
  }

  /// The thumbnail of `path` covering `pixelSize` (as ``PictureDecoder/decode(path:covering:limits:)`` sizes it),
  /// or why not; nil when this is not a JPEG it decodes.
  static func decode(
    path: String, covering pixelSize: (width: Int, height: Int), limits: PictureLimits, deadline: UInt64
  ) -> Result<Thumbnail, PictureFailure>? {
    guard let file = MappedFile(jpegAt: path) else { return nil }
    defer { file.close() }
    return decode(file.bytes, named: path, covering: pixelSize, limits: limits, deadline: deadline)
  }

  /// The same for a JPEG's bytes, named `path` in failures.
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, named path: String, covering pixelSize: (width: Int, height: Int),
    limits: PictureLimits, deadline: UInt64
  ) -> Result<Thumbnail, PictureFailure>? {
    let source: PictureDimensions
    switch header(of: bytes, path: path) {
    case nil: return nil
    case .failure(let failure): return .failure(failure)
    case .success(let size): source = size
    }
    if let refusal = limits.refusal(of: source, path: path) { return .failure(refusal) }
    let (width, height) = PictureDecoder.thumbnailSize(of: source, covering: pixelSize)
    let remaining = Int64(deadline) - Int64(DispatchTime.now().uptimeNanoseconds)
    guard remaining > 0 else { return .failure(PictureFailure(.timedOut, "took longer than the time limit: \(path)")) }
    var message = [CChar](repeating: 0, count: 200)
    var status = WF_JPEG_FAILED
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      status = wf_jpeg_decode(
        bytes.baseAddress, bytes.count, Int32(width), Int32(height), remaining, buffer.baseAddress, &message,
        message.count)
      count = status == WF_JPEG_OK ? buffer.count : 0
    }
    switch status {
    case WF_JPEG_OK:
      return .success(
        Thumbnail(width: width, height: height, sourceWidth: source.width, sourceHeight: source.height, pixels: pixels))
    case WF_JPEG_TIMED_OUT: return .failure(PictureFailure(.timedOut, "took longer than the time limit: \(path)"))
    case WF_JPEG_FAILED: return .failure(PictureFailure(.decodingFailed, "\(text(message)): \(path)"))
    default: return nil
    }
  }
}

extension JPEGThumbnail {
  /// The upright size from the header; nil for a JPEG this leaves to libvips.
  fileprivate static func header(
    of bytes: UnsafeBufferPointer<UInt8>, path: String
  ) -> Result<PictureDimensions, PictureFailure>? {
    var message = [CChar](repeating: 0, count: 200)
    var header = wf_jpeg_header()
    switch wf_jpeg_read_header(bytes.baseAddress, bytes.count, &header, &message, message.count) {
    case WF_JPEG_OK:
      let sideways = header.orientation >= 5
      return .success(
        PictureDimensions(
          width: Int(sideways ? header.height : header.width), height: Int(sideways ? header.width : header.height)))
    case WF_JPEG_FAILED: return .failure(PictureFailure(.decodingFailed, "\(text(message)): \(path)"))
    default: return nil
    }
  }
}

/// libjpeg's message, up to its terminating zero.
private func text(_ message: [CChar]) -> String {
  String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// A file's bytes mapped read-only, for as long as the decode reads them.
fileprivate struct MappedFile {
  let bytes: UnsafeBufferPointer<UInt8>

  /// The file at `path` when it is a regular file that starts as a JPEG does.
  init?(jpegAt path: String) {
    let descriptor = open(PictureFile.systemPath(path), O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { Glibc.close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
      let start = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED
    else { return nil }
    bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size))
    guard bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
      close()
      return nil
    }
  }

  func close() { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}
