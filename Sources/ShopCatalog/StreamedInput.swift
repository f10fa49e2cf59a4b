import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// A dataset read from a stream (standard input), kept whole as it arrives, as `less` keeps a pipe: the reader
/// parses it as it grows, and `--pick` later prints its records from it.
public final class StreamedInput: Sendable {
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
    var reading = IncrementalParse(
      name: name, batcher: Batcher(file: name, size: max(1, firstBatch), total: 0), flushesEveryChunk: true)
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw DatasetError.unreadable(file: name)
      }
      input.append(chunk[0..<count])
      let isComplete = count == 0
      try input.withBytes { (all) throws(DatasetError) in
        try reading.parse(all, isComplete: isComplete, firstBatch: firstBatch, deliver: deliver)
      }
      if isComplete { return }
    }
  }
}
