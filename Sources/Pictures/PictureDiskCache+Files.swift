import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension PictureDiskCache {
  /// The entries found in `folder`: names that parse and sizes that match. With `tidy`, anything else there is
  /// removed (a cut-short entry, a stray file), and so are temporary files a crash left over an hour ago; without
  /// it, nothing is changed.
  static func scan(_ folder: String, tidy: Bool) -> [String: Entry] {
    var entries: [String: Entry] = [:]
    let now = Date().timeIntervalSince1970
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      let path = (folder as NSString).appendingPathComponent(name)
      var info = stat()
      guard stat(path, &info) == 0 else { continue }
      let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
      if name.hasPrefix(".tmp-") {
        // Another process may be writing it right now: only old ones are leftovers.
        if tidy && now - modified > 3600 { unlink(path) }
        continue
      }
      guard let parsed = parse(name), Int(info.st_size) == parsed.bytes, entries[parsed.key] == nil else {
        if tidy { unlink(path) }
        continue
      }
      entries[parsed.key] = Entry(name: name, bytes: parsed.bytes, checksum: parsed.checksum, lastUse: modified)
    }
    return entries
  }

  /// `KEY-LENGTH-CHECKSUM.picture`, or nil.
  static func parse(_ name: String) -> (key: String, bytes: Int, checksum: UInt64)? {
    guard name.hasSuffix(".picture") else { return nil }
    let parts = name.dropLast(".picture".count).split(separator: "-")
    guard parts.count == 3, parts[0].count == 32, let bytes = Int(parts[1]), bytes >= 0,
      let checksum = UInt64(parts[2], radix: 16)
    else { return nil }
    return (String(parts[0]), bytes, checksum)
  }

  /// 128 bits of FNV-1a over the URL (two 64-bit hashes with different bases), in hex: Foundation on Linux has no
  /// SHA, and a cache key needs spread, not secrecy.
  static func key(for url: String) -> String {
    let bytes = Array(url.utf8)
    return hex(FNV1a.hash(bytes)) + hex(FNV1a.hash(bytes, basis: 0x6c62_272e_07bb_0142))
  }

  static func checksum(of bytes: [UInt8]) -> UInt64 { FNV1a.hash(bytes) }

  static func checksum(of data: Data) -> UInt64 { FNV1a.hash(data) }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func fileSize(_ path: String) -> Int? {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : nil
  }

  /// Writes all of `bytes` to a new file at `path` and flushes it to disk; nil when it worked, else why not.
  static func writeWhole(_ bytes: [UInt8], to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBufferPointer { buffer in
        write(descriptor, buffer.baseAddress! + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        return String(cString: strerror(errno))
      }
      written += count
    }
    // Without it, a crash soon after the rename could leave a named entry with missing data (the length and
    // checksum in the name would still catch that).
    guard fsync(descriptor) == 0 else { return String(cString: strerror(errno)) }
    return nil
  }
}
