extension DatasetFileReader {
  /// Where the parse of a dataset that arrives in pieces is: a stream (standard input) or a file read in chunks.
  /// Each call reads on from where the last stopped, so every byte is looked at about once however the input is
  /// cut (a record larger than a chunk included).
  struct IncrementalParse {
    /// What messages and the items call the input.
    let name: String
    var batcher: Batcher
    /// A stream's items go out after every chunk (the next bytes may be a long time coming); a file's in batches.
    let flushesEveryChunk: Bool
    var format: DatasetFormat?
    /// After a byte-order mark.
    var start = 0
    var elements: JSONArrayElements?
    var lineStart = 0
    /// How far the search for the end of the line at ``lineStart`` got.
    var lineSearched = 0
    var lineNumber = 0
    var csv: CSVRecords?

    init(name: String, batcher: Batcher, flushesEveryChunk: Bool, format: DatasetFormat? = nil, start: Int = 0) {
      (self.name, self.batcher, self.flushesEveryChunk) = (name, batcher, flushesEveryChunk)
      (self.format, self.start) = (format, start)
    }

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
        try parseArray(bytes, isComplete: isComplete, deliver: deliver)
      case .jsonLines:
        while lineStart < bytes.count {
          let found = bytes[max(lineStart, lineSearched)...].firstIndex(of: 0x0A)
          guard let lineEnd = found ?? (isComplete ? bytes.count : nil) else {
            lineSearched = bytes.count
            break
          }
          lineNumber += 1
          if let item = JSONItemScanner.scan(bytes, lineStart..<lineEnd) {
            batcher.add(item, in: bytes)
            batcher.flushIfFull(bytesRead: lineEnd, to: deliver)
          } else if let entry = RecordReader.jsonLine(bytes[lineStart..<lineEnd], number: lineNumber) {
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
        // Property lists (and a JSON document that is not an array) are read whole.
        if isComplete {
          try DatasetFileReader.read(bytes, file: name, format: format, firstBatch: firstBatch, deliver: deliver)
        }
        return
      }
      if isComplete || (flushesEveryChunk && (!batcher.batch.columns.isEmpty || batcher.batch.skipped > 0)) {
        batcher.flush(bytesRead: bytes.count, to: deliver)
      }
    }

    /// A JSON array's elements: the common shape straight into the columns, anything else through the general
    /// reader.
    private mutating func parseArray(
      _ bytes: UnsafeBufferPointer<UInt8>, isComplete: Bool, deliver: (ReadBatch) -> Void
    ) throws(DatasetError) {
      var walker = elements ?? JSONArrayElements(bytes)
      walker.extend(bytes, isComplete: isComplete)
      defer { elements = walker }
      do {
        while true {
          if let item = walker.nextScannedItem() {
            batcher.add(item, in: bytes)
            try walker.endElement()
            batcher.flushIfFull(bytesRead: walker.bytesRead, to: deliver)
            continue
          }
          guard let element = try walker.nextElement() else { break }
          if let item = JSONItemScanner.scan(bytes, element.range) {
            batcher.add(item, in: bytes)
          } else {
            batcher.add(RecordReader.entry(try walker.parse(element)))
          }
          try walker.endElement()
          batcher.flushIfFull(bytesRead: walker.bytesRead, to: deliver)
        }
      } catch {
        batcher.flush(bytesRead: walker.bytesRead, to: deliver)
        throw DatasetError(file: name, reason: "not valid JSON: \(error.description)")
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
