import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// A dataset read from a stream (standard input), kept whole as it arrives, as `less` keeps a pipe: the reader
/// parses it as it grows, and `--pick` later prints its records from it.
public final class StreamedInput: @unchecked Sendable {
  /// The name the stream goes by in messages and as its items' ``ShopItem/sourceFile`` (pictures named by
  /// relative paths then resolve against the current directory).
  public static let name = "stdin"

  private let buffer = Locked<[UInt8]>([])

  public init() {}

  /// Everything read so far.
  public var bytes: [UInt8] { buffer.withLock { $0 } }

  func append(_ chunk: ArraySlice<UInt8>) {
    buffer.withLock { $0 += chunk }
  }

  /// Runs `body` over everything read so far, which stays put meanwhile.
  func withBytes<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws(DatasetError) -> Result
  ) throws(DatasetError) -> Result {
    var outcome: Swift.Result<Result, DatasetError>?
    buffer.withLock { bytes in
      outcome = bytes.withUnsafeBufferPointer { all in Swift.Result { () throws(DatasetError) in try body(all) } }
    }
    return try outcome!.get()
  }
}

extension DatasetFileReader {
  /// Reads a dataset from `descriptor` as it arrives, into `input`: JSON arrays element by element, JSON Lines line
  /// by line and CSV row by row, each batch handed over as soon as it is decoded; property lists once the stream
  /// ends.
  /// The format is told by the content. Throws what stops the stream being read, after delivering every item
  /// before it.
  static func read(
    stream descriptor: Int32, named name: String = StreamedInput.name, into input: StreamedInput,
    firstBatch: Int = 64, deliver: (ReadBatch) -> Void
  ) throws(DatasetError) {
    var reading = StreamParse(name: name, batcher: Batcher(file: name, size: max(1, firstBatch), total: 0))
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw DatasetError(file: name, reason: "cannot be read: \(String(cString: strerror(errno)))")
      }
      input.append(chunk[0..<count])
      let isComplete = count == 0
      try input.withBytes { (all) throws(DatasetError) in
        try reading.parse(all, isComplete: isComplete, firstBatch: firstBatch, deliver: deliver)
      }
      if isComplete { return }
    }
  }

  /// Where the parse of a growing stream is.
  private struct StreamParse {
    /// What messages and the items call the stream.
    let name: String
    var batcher: Batcher
    var format: DatasetFormat?
    /// After a byte-order mark.
    var start = 0
    var elements: JSONArrayElements?
    var lineStart = 0
    var lineNumber = 0
    var csv: CSVRecords?

    mutating func parse(
      _ all: UnsafeBufferPointer<UInt8>, isComplete: Bool, firstBatch: Int, deliver: (ReadBatch) -> Void
    ) throws(DatasetError) {
      if format == nil {
        guard let found = try sniff(all, isComplete: isComplete) else { return }
        format = found
      }
      let bytes = UnsafeBufferPointer(rebasing: all[start...])
      switch format {
      case .json where JSONArrayElements.startsWithArray(bytes):
        if elements == nil { elements = JSONArrayElements(bytes) }
        elements!.extend(bytes, isComplete: isComplete)
        while true {
          let value: DatasetValue?
          do {
            value = try elements!.next()
          } catch {
            batcher.flush(bytesRead: elements!.bytesRead, to: deliver)
            throw DatasetError(file: name, reason: "not valid JSON: \(error.description)")
          }
          guard let value else { break }
          batcher.add(RecordReader.entry(value))
          batcher.flushIfFull(bytesRead: elements!.bytesRead, to: deliver)
        }
      case .jsonLines:
        while lineStart < bytes.count {
          guard let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? (isComplete ? bytes.count : nil) else {
            break
          }
          lineNumber += 1
          if let entry = RecordReader.jsonLine(bytes[lineStart..<lineEnd], number: lineNumber) {
            batcher.add(entry)
            batcher.flushIfFull(bytesRead: lineEnd, to: deliver)
          }
          lineStart = lineEnd + 1
        }
      case .csv:
        if csv == nil { csv = CSVRecords(file: name) }
        do {
          while let entry = try csv!.next(bytes, isComplete: isComplete) {
            batcher.add(entry)
            batcher.flushIfFull(bytesRead: csv!.bytesRead, to: deliver)
          }
        } catch {
          batcher.flush(bytesRead: csv!.bytesRead, to: deliver)
          throw error
        }
      default:
        // Property lists are read whole, as files of them are.
        if isComplete {
          try DatasetFileReader.read(bytes, file: name, format: format, firstBatch: firstBatch, deliver: deliver)
        }
        return
      }
      // Whatever is decoded goes out now: the next bytes may be a long time coming.
      if isComplete || !batcher.batch.columns.isEmpty || batcher.batch.skipped > 0 {
        batcher.flush(bytesRead: bytes.count, to: deliver)
      }
    }

    /// The stream's format, once enough of it has come to tell; nil until then.
    private mutating func sniff(
      _ all: UnsafeBufferPointer<UInt8>, isComplete: Bool
    ) throws(DatasetError) -> DatasetFormat? {
      if !isComplete, all.count < 3 { return nil }
      start = ByteOrderMark.length(in: all)
      let bytes = all[start...]
      guard let first = bytes.firstIndex(where: { !JSONArrayElements.isBlank($0) }) else {
        if isComplete { throw DatasetError(file: name, reason: "empty input") }
        return nil
      }
      // `[` and `{` say it at once; `<?xml`, `bplist` and a CSV header take a few bytes more.
      let isBracket = bytes[first] == UInt8(ascii: "[") || bytes[first] == UInt8(ascii: "{")
      if !isComplete, !isBracket, all.count - first < 64 { return nil }
      let isBinaryPlist = bytes.starts(with: Array("bplist".utf8))
      if !isBinaryPlist, bytes.prefix(8192).contains(0) {
        throw DatasetError(file: name, reason: "not a dataset: binary data")
      }
      guard let format = DatasetFormat.sniff(Array(bytes.prefix(4096))) ?? (isBinaryPlist ? .plist : nil) ?? csv(bytes)
      else {
        throw DatasetError(
          file: name, reason: "not a dataset: unknown format (expected JSON, JSON Lines, CSV or a plist)")
      }
      return format
    }

    /// A first line with a comma and no brace is a CSV header.
    private func csv(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> DatasetFormat? {
      let firstLine = bytes.prefix { $0 != 0x0A }
      return firstLine.contains(UInt8(ascii: ",")) ? .csv : nil
    }
  }
}
