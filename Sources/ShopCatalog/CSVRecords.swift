import Foundation

/// A CSV file's rows as records, one at a time: the first row names the fields (trimmed, in lower case), each
/// later row is a record, and a row with the wrong number of fields is a problem for its item.
struct CSVRecords {
  let file: String
  private var rows = CSVReader()
  private var names: [String]?

  init(file: String) { self.file = file }

  /// How far into the bytes the rows read so far reach.
  var bytesRead: Int { rows.position }

  /// The next record whole in `bytes` (see ``CSVReader/next(_:isComplete:)``): nil at the end, or until more bytes
  /// arrive. Throws for a file with no header row or a quoted field never closed.
  mutating func next(_ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool) throws(DatasetError) -> RecordReader.Entry?
  {
    if names == nil {
      guard let header = try nextRow(bytes, isComplete: isComplete) else {
        if isComplete { throw DatasetError(file: file, reason: "not a dataset: no header row") }
        return nil
      }
      names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }
    guard let names, let row = try nextRow(bytes, isComplete: isComplete) else { return nil }
    guard row.fields.count == names.count else {
      return .unusable(
        field: "(line \(row.line))",
        message: "has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"), the header has \(names.count)")
    }
    var record: [String: DatasetValue] = [:]
    for (name, value) in zip(names, row.fields) where !name.isEmpty {
      record[name] = .string(value)
    }
    return .record(record)
  }

  private mutating func nextRow(
    _ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool
  ) throws(DatasetError) -> CSVReader.Row? {
    do {
      return try rows.next(bytes, isComplete: isComplete)
    } catch {
      throw DatasetError(file: file, reason: "not valid CSV: line \(error.line): \(error.message)")
    }
  }
}
