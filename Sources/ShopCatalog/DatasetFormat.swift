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
