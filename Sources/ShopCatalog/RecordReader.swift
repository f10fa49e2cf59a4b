import Foundation

/// Reads the records (field name → value) of one file, in the file's order. A file that cannot be read at all
/// throws; a record that is not a record becomes a problem for that item.
enum RecordReader {
  enum Entry {
    case record([String: DatasetValue])
    case unusable(field: String, message: String)
  }

  static func read(_ bytes: [UInt8], format: DatasetFormat, file: String) throws(DatasetError) -> [Entry] {
    switch format {
    case .plist: return try readPlist(bytes, file: file)
    case .json: return try readJSON(bytes, file: file)
    case .jsonLines: return readJSONLines(bytes)
    case .csv: return try readCSV(bytes, file: file)
    }
  }

  private static func readJSON(_ bytes: [UInt8], file: String) throws(DatasetError) -> [Entry] {
    let root: DatasetValue
    do {
      root = try JSONReader.parse(bytes)
    } catch {
      throw DatasetError(file: file, reason: "not valid JSON: \(error.description)")
    }
    guard case .array(let elements) = root else {
      throw DatasetError(
        file: file, reason: "not a dataset: the root is \(root.kindDescription), not an array of items")
    }
    return elements.map(entry)
  }

  private static func readJSONLines(_ bytes: [UInt8]) -> [Entry] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().compactMap { number, line in
      jsonLine(line, number: number + 1)
    }
  }

  /// Line `number` of a JSON Lines file: a record, a problem, or nothing for a blank line.
  static func jsonLine<Line: Collection<UInt8>>(_ line: Line, number: Int) -> Entry? {
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
    do {
      return entry(try JSONReader.parse(Array(line)))
    } catch {
      return .unusable(field: "(line \(number))", message: "not valid JSON: column \(error.column): \(error.message)")
    }
  }

  private static func readCSV(_ bytes: [UInt8], file: String) throws(DatasetError) -> [Entry] {
    var records = CSVRecords(file: file)
    var entries: [Entry] = []
    let result: Result<Void, DatasetError> = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(DatasetError) in
        while let entry = try records.next(buffer, isComplete: true) { entries.append(entry) }
      }
    }
    try result.get()
    return entries
  }

  private static func readPlist(_ bytes: [UInt8], file: String) throws(DatasetError) -> [Entry] {
    // Invalid UTF-8 in an XML plist is replaced (U+FFFD) rather than failing the whole file.
    let isBinary = bytes.starts(with: Array("bplist".utf8))
    let data = isBinary ? Data(bytes) : Data(String(decoding: bytes, as: UTF8.self).utf8)
    if isBinary, let reason = BinaryPlistScreen.refusal(bytes) {
      throw DatasetError(file: file, reason: "not a dataset: the property list holds \(reason)")
    }
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
      throw DatasetError(file: file, reason: "not a valid property list" + (detail.map { ": \($0)" } ?? ""))
    }
    let value = DatasetValue(propertyList: root)
    guard case .array(let elements) = value else {
      throw DatasetError(
        file: file, reason: "not a dataset: the root is \(value.kindDescription), not an array of items")
    }
    return elements.map(entry)
  }

  static func entry(_ value: DatasetValue) -> Entry {
    guard case .dictionary(let record) = value else {
      return .unusable(field: "(item)", message: "must be a dictionary of fields, not \(value.kindDescription)")
    }
    return .record(record)
  }
}

extension DatasetValue {
  /// Converts what `PropertyListSerialization` returns. The collections are tried before `NSNumber`: casting a
  /// dictionary to `NSNumber` bridges the whole of it to Foundation's classes first, only to fail (a third of the
  /// time the plist fuzz target spent on one of the originals' pages).
  init(propertyList value: Any) {
    switch value {
    case let text as String: self = .string(text)
    case let values as [Any]: self = .array(values.map(DatasetValue.init(propertyList:)))
    case let values as [String: Any]: self = .dictionary(values.mapValues(DatasetValue.init(propertyList:)))
    case let flag as Bool where type(of: value) == Bool.self: self = .bool(flag)
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": self = .bool(number.boolValue)
      case "f", "d": self = .real(number.doubleValue)
      default: self = .integer(number.intValue)
      }
    case let date as Date: self = .string(ISO8601DateFormatter().string(from: date))
    case let data as Data: self = .string("<\(data.count) bytes>")
    default: self = .string(String(describing: value))
    }
  }
}
