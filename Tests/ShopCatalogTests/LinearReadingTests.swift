import Foundation
import TestSupport
import Testing

@testable import ShopCatalog

/// Input that arrives in pieces (a pipe, a file read in chunks) is scanned once: a record larger than many pieces
/// is continued where its scan stopped, not scanned again from its start at each (issue 30, point 6).
@Suite("Reading in pieces stays linear")
struct LinearReadingTests {
  /// One record of about `length` bytes: a long title with escapes and brackets in it.
  static func bigRecord(length: Int) -> String {
    let title = String(repeating: "a \\\"quoted\\\" [x] {y}, ", count: length / 24)
    return "{\"w\": 1, \"h\": 2, \"price\": \"¥3\", \"title\": \"\(title)\", \"extra\": [1, {\"k\": \"]\"}]}"
  }

  @Test("a JSON array's 1 MB element arriving 1 KiB at a time: the same value, every byte scanned about once")
  func jsonElement() throws {
    let text = "[" + Self.bigRecord(length: 1 << 20) + ", {\"w\": 1, \"h\": 1, \"price\": \"1\", \"title\": \"b\"}]"
    let bytes = Array(text.utf8)
    var arrived: [UInt8] = []
    var elements: JSONArrayElements?
    var values: [DatasetValue] = []
    for start in stride(from: 0, to: bytes.count, by: 1024) {
      arrived += bytes[start..<min(bytes.count, start + 1024)]
      let isComplete = arrived.count == bytes.count
      try arrived.withUnsafeBufferPointer { buffer in
        if elements == nil { elements = JSONArrayElements(buffer) }
        elements!.extend(buffer, isComplete: isComplete)
        while let value = try elements!.next() { values.append(value) }
      }
    }
    let whole = try bytes.withUnsafeBufferPointer { buffer in
      var walker = JSONArrayElements(buffer)
      var all: [DatasetValue] = []
      while let value = try walker.next() { all.append(value) }
      return all
    }
    #expect(values == whole && values.count == 2)
    let scanned = try #require(elements?.scannedBytes)
    #expect(scanned <= bytes.count * 2, "\(scanned) bytes scanned for \(bytes.count)")
  }

  @Test("a CSV row with a 1 MB quoted field arriving 1 KiB at a time: the same row, every byte scanned about once")
  func csvRow() throws {
    let field = String(repeating: "a \"\"b\"\", c\r\n", count: (1 << 20) / 12)
    let text = "title,note\r\nfirst,\"\(field)\"\r\nsecond,x\r\n"
    let bytes = Array(text.utf8)
    var arrived: [UInt8] = []
    var reader = CSVReader()
    var rows: [CSVReader.Row] = []
    for start in stride(from: 0, to: bytes.count, by: 1024) {
      arrived += bytes[start..<min(bytes.count, start + 1024)]
      let isComplete = arrived.count == bytes.count
      try arrived.withUnsafeBufferPointer { buffer in
        while let row = try reader.next(buffer, isComplete: isComplete) { rows.append(row) }
      }
    }
    #expect(
      rows.map(\.fields) == [
        ["title", "note"], ["first", field.replacingOccurrences(of: "\"\"", with: "\"")], ["second", "x"],
      ])
    #expect(rows.map(\.line) == [1, 2, 2 + (1 << 20) / 12 + 1])
    #expect(reader.scannedBytes <= bytes.count * 2, "\(reader.scannedBytes) bytes scanned for \(bytes.count)")
  }

  @Test("a pipe with a 3 MB record, a long JSON line and a long CSV row give the items a file gives")
  func streamsMatchFiles() throws {
    let folder = TemporaryDirectory()
    let record = Self.bigRecord(length: 3 << 20)
    let small = "{\"w\": 1, \"h\": 1, \"price\": \"1\", \"title\": \"b\"}"
    let csvTitle = String(repeating: "long, \"\"quoted\"\" title ", count: 100_000)
    let inputs = [
      ("big.json", "[" + record + ", " + small + "]"),
      ("big.jsonl", record + "\n" + small + "\n"),
      ("big.csv", "w,h,price,title\n1,2,¥3,\"\(csvTitle)\"\n1,1,1,b\n"),
    ]
    for (name, text) in inputs {
      let file = folder.write(name, text)
      let fromFile = try CatalogueReading.open(path: file, pageSize: 1)
      fromFile.waitUntilComplete()
      var ends: [Int32] = [0, 0]
      precondition(pipe(&ends) == 0)
      let (piped, _) = CatalogueReading.open(stream: ends[0], pageSize: 1)
      let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
      let bytes = Array(text.utf8)
      // Pieces of 4 KiB, so the pipe hands the reader many short reads.
      for start in stride(from: 0, to: bytes.count, by: 4096) {
        try writer.write(contentsOf: Data(bytes[start..<min(bytes.count, start + 4096)]))
      }
      try writer.close()
      piped.waitUntilComplete()
      let titles = { (catalogue: ItemCatalogue) in catalogue.itemsRead(limit: .max).map(\.title) }
      #expect(titles(piped).count == 2 && titles(piped) == titles(fromFile), "\(name)")
      #expect(piped.progress.stoppedBy == nil && fromFile.progress.stoppedBy == nil, "\(name)")
    }
  }
}

/// The incremental parse cut anywhere reads what the whole input reads: escapes, doubled quotes, CRLF and
/// multi-byte characters cut in two included.
@Suite("Reading in pieces, cut anywhere")
struct CutAnywhereTests {
  static let inputs: [(name: String, text: String)] = [
    (
      "x.json",
      #"[{"w": 1, "h": 2, "price": "¥1", "title": "a \"q\" \\ \u00e9 [x]"}, {"w": 3, "h": 4, "price": "2", "title": "b", "n": {"k": [1, "]"]}}]"#
    ),
    (
      "x.jsonl",
      "{\"w\": 1, \"h\": 2, \"price\": \"¥1\", \"title\": \"a \\\"q\\\" 羊毛\"}\r\n\n{\"w\": 3, \"h\": 4, \"price\": \"2\", \"title\": \"b\"}"
    ),
    ("x.csv", "w,h,price,title\r\n1,2,¥1,\"a \"\"q\"\", 羊毛\r\nline two\"\r\n3,4,2,b\r\n"),
  ]

  static func read(_ pieces: [ArraySlice<UInt8>], name: String) throws -> (titles: [String], problems: Int) {
    var arrived: [UInt8] = []
    var titles: [String] = []
    var problems = 0
    var parse = DatasetFileReader.IncrementalParse(
      name: name, batcher: DatasetFileReader.Batcher(file: name, size: 1, total: 0), flushesEveryChunk: true)
    for (number, piece) in pieces.enumerated() {
      arrived += piece
      try arrived.withUnsafeBufferPointer { buffer in
        try parse.parse(buffer, isComplete: number == pieces.count - 1, firstBatch: 1) { batch in
          titles += batch.items.map(\.title)
          problems += batch.problems.count
        }
      }
    }
    return (titles, problems)
  }

  @Test("JSON, JSON Lines and CSV cut in two at every byte read as whole", arguments: inputs.map(\.name))
  func everyCut(name: String) throws {
    let bytes = Array(Self.inputs.first { $0.name == name }!.text.utf8)
    let whole = try Self.read([bytes[...]], name: name)
    #expect(whole.titles.count == 2, "\(whole)")
    for cut in 1..<bytes.count {
      let split = try Self.read([bytes[..<cut], bytes[cut...]], name: name)
      #expect(split.titles == whole.titles && split.problems == whole.problems, "cut at \(cut)")
    }
    // And a byte at a time.
    #expect(try Self.read(bytes.indices.map { bytes[$0...$0] }, name: name).titles == whole.titles)
  }
}
