/// Excel's "CSV UTF-8" and some editors start files with a UTF-8 byte-order mark; it is not part of the text.
enum ByteOrderMark {
  static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// How many bytes at the start of `bytes` are a byte-order mark: 3 or 0.
  static func length<Bytes: Collection<UInt8>>(in bytes: Bytes) -> Int { bytes.starts(with: utf8) ? 3 : 0 }

  /// `bytes` without a byte-order mark at the start (the same array, not a copy, when there is none).
  static func removed(from bytes: [UInt8]) -> [UInt8] { bytes.starts(with: utf8) ? Array(bytes.dropFirst(3)) : bytes }
}
