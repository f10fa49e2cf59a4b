#if canImport(Glibc)
  import Glibc
#endif

/// A directory entry's name as the file system holds it: bytes, usually UTF-8 but not always. A name that is not
/// UTF-8 is opened by its bytes (through a `file:` URL) and shown with the bad bytes escaped, never replaced.
struct FileName: Hashable, Sendable {
  let bytes: [UInt8]

  /// The name as text, with each byte that is not part of valid UTF-8 shown as `\xE9`.
  let shown: String

  /// Whether the name is valid UTF-8, so its text is the name itself.
  let isUTF8: Bool

  init(bytes: [UInt8]) {
    self.bytes = bytes
    isUTF8 = String(validating: bytes, as: UTF8.self) != nil
    shown = isUTF8 ? String(decoding: bytes, as: UTF8.self) : Self.escaping(bytes)
  }

  /// How to open the entry of `directory`: its path, or, for a name that is not UTF-8, a `file:` URL whose
  /// percent escapes keep every byte (RFC 8089), so nothing is lost on the way to `open`.
  func address(in directory: String) -> String {
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    guard !isUTF8 else { return folder + shown }
    let unreserved = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8))
    var url = "file://"
    for byte in Array(folder.utf8) + bytes {
      if unreserved.contains(byte) {
        url.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        url += "%" + Self.hex(byte)
      }
    }
    return url
  }

  /// The entries of `directory` other than `.` and `..`, by their bytes; nil with errno set when it cannot be read.
  static func entries(of directory: String) -> [FileName]? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    var names: [FileName] = []
    while let entry = readdir(stream) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
      if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
      names.append(FileName(bytes: bytes))
    }
    return names
  }

  private static func escaping(_ bytes: [UInt8]) -> String {
    var shown = ""
    var index = 0
    while index < bytes.count {
      // The longest valid UTF-8 sequence starting here (1 to 4 bytes), else one escaped byte.
      let valid = (1...4).reversed().first { length in
        index + length <= bytes.count
          && String(validating: bytes[index..<index + length], as: UTF8.self).map { $0.unicodeScalars.count == 1 }
            == true
      }
      if let valid {
        shown += String(decoding: bytes[index..<index + valid], as: UTF8.self)
        index += valid
      } else {
        shown += "\\x" + hex(bytes[index])
        index += 1
      }
    }
    return shown
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
