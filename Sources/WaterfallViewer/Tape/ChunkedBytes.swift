/// Bytes appended in chunks of a megabyte or more, for a tape's recording: it grows line by line to megabytes,
/// and one array doubling its way there copies and faults in about twice that (the pages of every larger
/// buffer are touched anew).
public struct ChunkedBytes: Sendable {
  public private(set) var chunks: [[UInt8]] = []

  private static let chunkCapacity = 1 << 20

  public init() {}

  mutating func append(_ bytes: [UInt8]) {
    if let last = chunks.last, last.capacity - last.count >= bytes.count {
      chunks[chunks.count - 1] += bytes
      return
    }
    var chunk: [UInt8] = []
    chunk.reserveCapacity(max(Self.chunkCapacity, bytes.count))
    chunk += bytes
    chunks.append(chunk)
  }

  /// All the bytes in one array.
  public var joined: [UInt8] { Array(chunks.joined()) }
}
