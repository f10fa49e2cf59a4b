import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a reader hands over as it goes: the items decoded since the last batch, the problems of the records it
/// skipped, and how far into the file it is.
struct ReadBatch {
  /// The items, as columns (``ItemCatalogue`` takes them as they are).
  var columns = ItemColumns()
  var problems: [DatasetProblem] = []
  var skipped = 0
  var bytesRead = 0
  var bytesTotal = 0

  var items: [ShopItem] { columns.items }
}

/// Reads one dataset file record by record, handing items over in batches as they are decoded: JSON arrays, JSON
/// Lines and CSV stream (one element's, line's or row's bytes parsed at a time, no tree of the whole file);
/// property lists, small by nature, are parsed whole and then handed over the same way.
enum DatasetFileReader {
  /// The first batch is small so the first page is ready at once; later ones grow to this.
  static let largestBatch = 8192

  /// Reads `file`, calling `deliver` with each batch. Throws what stops the file being read (unreadable, not a
  /// dataset, a syntax error, cut short while read), after delivering every item before it. The file is read
  /// with read(2) in chunks, never mapped: a mapped file cut short under the reader kills it with SIGBUS, while a
  /// short read is an error naming the file.
  static func read(
    file: String, format: DatasetFormat?, firstBatch: Int = 64, deliver: (ReadBatch) -> Void
  ) throws(DatasetError) {
    // Not blocking: a FIFO among a directory's pages would wait for a writer forever before fstat could refuse it
    // (a regular file's reads ignore the flag).
    let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw unreadable(file) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { throw unreadable(file) }
    FileIdentity.remember(FileIdentity(status), of: file)
    let size = Int(status.st_size)
    guard size > 0 else { throw DatasetError(file: file, reason: "empty file") }
    // The whole size at once, so what was read stays put for the batches that point into it: anonymous memory
    // (a truncated file cannot take it away), in huge pages where the system gives them (a 135 MB file is then
    // a few hundred page faults, not 33,000), and back to the system as soon as the file is read.
    guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      memory != MAP_FAILED
    else { throw DatasetError(file: file, reason: "too large to read: no memory for its \(size) bytes") }
    defer { munmap(memory, size) }
    _ = madvise(memory, size, MADV_HUGEPAGE)
    let buffer = UnsafeMutableBufferPointer(start: memory.assumingMemoryBound(to: UInt8.self), count: size)
    var reader = ChunkedFileRead(descriptor: descriptor, buffer: buffer, file: file)
    // Enough to tell the format as a file is told (its first 8 KiB), then the rest chunk by chunk.
    try reader.read(atLeast: min(size, 8192))
    let head = UnsafeBufferPointer(rebasing: buffer[0..<reader.filled])
    let bomLength = ByteOrderMark.length(in: head)
    let shown = UnsafeBufferPointer(rebasing: head[bomLength...])
    let known = try fileFormat(shown, given: format, file: file)
    var parse = IncrementalParse(
      name: file, batcher: Batcher(file: file, size: max(1, firstBatch), total: size - bomLength),
      flushesEveryChunk: false, format: known, start: bomLength)
    while true {
      let isComplete = reader.filled == size
      try parse.parse(
        UnsafeBufferPointer(rebasing: buffer[0..<reader.filled]), isComplete: isComplete, firstBatch: firstBatch,
        deliver: deliver)
      if isComplete { return }
      do {
        try reader.read(atLeast: 1)
      } catch {
        // What was decoded before the file broke off goes out with the error.
        parse.batcher.flush(bytesRead: reader.filled - bomLength, to: deliver)
        throw error
      }
    }
  }

  private static func unreadable(_ file: String) -> DatasetError {
    DatasetError(file: file, reason: "cannot be read (permissions, or not a regular file)")
  }

  /// The format of a file's first bytes (after a byte-order mark): `format` (its extension's) if given, else
  /// sniffed (``DatasetFormat/of(_:named:isStream:file:)``). Throws for no bytes, binary data or a format not
  /// known.
  static func fileFormat(
    _ bytes: UnsafeBufferPointer<UInt8>, given format: DatasetFormat?, file: String
  ) throws(DatasetError) -> DatasetFormat {
    guard !bytes.isEmpty else { throw DatasetError(file: file, reason: "empty file") }
    return try DatasetFormat.of(bytes, named: format, isStream: false, file: file)
  }

  /// Reads a file's bytes already in memory, as ``read(file:format:firstBatch:deliver:)`` reads the file.
  static func read(
    bytes: [UInt8], file: String, format: DatasetFormat?, firstBatch: Int = 64, deliver: (ReadBatch) -> Void
  ) throws(DatasetError) {
    let bomLength = ByteOrderMark.length(in: bytes)
    let result: Result<Void, DatasetError> = bytes.withUnsafeBufferPointer { all in
      Result { () throws(DatasetError) in
        try read(
          UnsafeBufferPointer(rebasing: all[bomLength...]), file: file, format: format, firstBatch: firstBatch,
          deliver: deliver)
      }
    }
    try result.get()
  }

  static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, file: String, format: DatasetFormat?, firstBatch: Int,
    deliver: (ReadBatch) -> Void
  ) throws(DatasetError) {
    // The one parse a file read in chunks and a stream go through, all of it in at once.
    var parse = IncrementalParse(
      name: file, batcher: Batcher(file: file, size: max(1, firstBatch), total: bytes.count),
      flushesEveryChunk: false, format: try fileFormat(bytes, given: format, file: file))
    try parse.parse(bytes, isComplete: true, firstBatch: firstBatch, deliver: deliver)
  }

  /// Decodes entries into items and hands them over in batches that double up to ``largestBatch``.
  struct Batcher {
    let file: String
    var size: Int
    let total: Int
    var batch = ReadBatch()
    var itemNumber = 0

    init(file: String, size: Int, total: Int) { (self.file, self.size, self.total) = (file, size, total) }

    /// An item the scanner read, its fields still bytes of the file.
    mutating func add(_ item: JSONItemScanner.Item, in bytes: UnsafeBufferPointer<UInt8>) {
      itemNumber += 1
      func field(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }
      batch.columns.append(
        width: item.width, height: item.height, imageURL: field(item.imageURL), price: field(item.price),
        title: field(item.title), shop: field(item.shop), sourceFile: file, recordNumber: itemNumber)
    }

    mutating func add(_ entry: RecordReader.Entry) {
      itemNumber += 1
      switch entry {
      case .record(let record):
        switch ItemDecoder.decode(record, file: file, item: itemNumber) {
        case .item(var item):
          item.sourceFile = file
          item.recordNumber = itemNumber
          batch.columns.append(item)
        case .unusable(let problems):
          batch.problems += problems
          batch.skipped += 1
        }
      case .unusable(let field, let message):
        batch.problems.append(DatasetProblem(file: file, item: itemNumber, field: field, message: message))
        batch.skipped += 1
      }
    }

    /// Hands the batch over once it holds its size in items.
    mutating func flushIfFull(bytesRead: Int, to deliver: (ReadBatch) -> Void) {
      if batch.columns.count + batch.skipped >= size {
        flush(bytesRead: bytesRead, to: deliver)
        size = min(DatasetFileReader.largestBatch, size * 2)
      }
    }

    mutating func flush(bytesRead: Int, to deliver: (ReadBatch) -> Void) {
      batch.bytesRead = bytesRead
      batch.bytesTotal = total
      deliver(batch)
      batch = ReadBatch()
    }
  }
}
