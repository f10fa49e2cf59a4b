#if canImport(Glibc)
  import Glibc
#endif

/// A regular file read with read(2) into a buffer of the size it had when opened, a chunk at a time (larger as
/// it goes, so the first items are decoded at once and the rest with few calls). Ending before that size is an
/// error that names the file: it was cut short while it was read.
struct ChunkedFileRead {
  let descriptor: Int32
  let buffer: UnsafeMutableBufferPointer<UInt8>
  let file: String
  private(set) var filled = 0
  private var chunk = 1 << 18

  init(descriptor: Int32, buffer: UnsafeMutableBufferPointer<UInt8>, file: String) {
    (self.descriptor, self.buffer, self.file) = (descriptor, buffer, file)
  }

  /// Reads on until at least `count` more bytes are in (or the buffer is full).
  mutating func read(atLeast count: Int) throws(DatasetError) {
    let target = min(buffer.count, filled + max(count, chunk))
    let needed = min(buffer.count, filled + count)
    while filled < needed {
      let got = Glibc.read(descriptor, buffer.baseAddress! + filled, target - filled)
      if got < 0, errno == EINTR { continue }
      if got < 0 {
        throw DatasetError.unreadable(file: file)
      }
      if got == 0 {
        throw DatasetError(
          file: file, reason: "cut short while it was read: \(filled) of its \(buffer.count) bytes (the file changed)")
      }
      filled += got
    }
    chunk = min(chunk * 2, 1 << 22)
  }
}
