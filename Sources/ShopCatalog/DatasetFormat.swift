/// The file formats a dataset may come in.
public enum DatasetFormat: String, CaseIterable, Sendable {
  /// An XML or binary property list whose root is an array of dictionaries (the originals' pages).
  case plist
  /// A JSON array of objects.
  case json
  /// One JSON object per line.
  case jsonLines
  /// Comma-separated values with a header row.
  case csv

  /// The format a file name's extension says, if it says one.
  public static func forExtension(of fileName: String) -> DatasetFormat? {
    guard let dot = fileName.lastIndex(of: ".") else { return nil }
    switch fileName[fileName.index(after: dot)...].lowercased() {
    case "plist": return .plist
    case "json": return .json
    case "jsonl", "ndjson": return .jsonLines
    case "csv": return .csv
    default: return nil
    }
  }

  /// The format of a dataset's first bytes (after a byte-order mark): the one place a dataset's format is told, a
  /// file's and a stream's alike. `named` (a file's extension's) is taken when given; else the content says: a
  /// bracket, a plist's header, or (`isStream`: no name to go by) a first line with a comma, a CSV header. Throws,
  /// naming `file`, for binary data or a format not known.
  static func of(
    _ bytes: UnsafeBufferPointer<UInt8>, named: DatasetFormat?, isStream: Bool, file: String
  ) throws(DatasetError) -> DatasetFormat {
    let isBinaryPlist = bytes.starts(with: Array("bplist".utf8))
    if !isBinaryPlist, bytes.prefix(8192).contains(0) {
      throw DatasetError(file: file, reason: "not a dataset: binary data")
    }
    if let format = named ?? sniff(Array(bytes.prefix(4096))) ?? (isStream ? csvHeader(bytes) : nil) {
      return format
    }
    let expected = isStream ? "JSON, JSON Lines, CSV or a plist" : ".plist, .json, .jsonl or .csv"
    throw DatasetError(file: file, reason: "not a dataset: unknown format (expected \(expected))")
  }

  /// A first line with a comma (and no bracket before it, which ``sniff(_:)`` would have taken) is a CSV header.
  private static func csvHeader(_ bytes: UnsafeBufferPointer<UInt8>) -> DatasetFormat? {
    bytes.prefix { $0 != 0x0A }.contains(UInt8(ascii: ",")) ? .csv : nil
  }

  /// The format the first bytes suggest, for a file whose name does not say.
  static func sniff(_ bytes: [UInt8]) -> DatasetFormat? {
    if bytes.starts(with: Array("bplist".utf8)) { return .plist }
    // The loader has already taken off a byte-order mark.
    let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    if text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<plist".utf8)) { return .plist }
    if text.first == UInt8(ascii: "[") { return .json }
    if text.first == UInt8(ascii: "{") { return .jsonLines }
    return nil
  }
}
