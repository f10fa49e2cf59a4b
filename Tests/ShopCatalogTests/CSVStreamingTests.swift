import Foundation
import TestSupport
import Testing

@testable import ShopCatalog

/// CSV is read a row at a time, from a file or from a pipe as it arrives, as JSON and JSON Lines are.
@Suite("CSV read as it streams")
struct CSVStreamingTests {
  /// Quotes doubled, a comma and a line end inside quotes, CRLF and bare CR, a blank line, text after a closing
  /// quote, a quote before a combining mark, and a last row with no line end.
  static let tricky = Array(
    "w,h,price,title\r\n1,2,¥1,\"a, \"\"b\"\"\nc\"\r\n\n3,4,¥2,\"ab\"cd\r5,6,¥3,\"\u{0657}x\"\"\"\r\n7,8,¥4,last".utf8)

  static func rows(_ pieces: [ArraySlice<UInt8>]) throws -> [CSVReader.Row] {
    var arrived: [UInt8] = []
    var reader = CSVReader()
    var rows: [CSVReader.Row] = []
    for (number, piece) in pieces.enumerated() {
      arrived += piece
      try arrived.withUnsafeBufferPointer { (buffer) throws(CSVReader.SyntaxError) in
        while let row = try reader.next(buffer, isComplete: number == pieces.count - 1) { rows.append(row) }
      }
    }
    return rows
  }

  @Test("rows, their lines and fields; cut at any byte, the rows are the same as read whole")
  func cutAnywhere() throws {
    let whole = try Self.rows([Self.tricky[...]])
    #expect(
      whole == [
        .init(line: 1, fields: ["w", "h", "price", "title"]),
        .init(line: 2, fields: ["1", "2", "¥1", "a, \"b\"\nc"]),
        .init(line: 5, fields: ["3", "4", "¥2", "abcd\r5", "6", "¥3", "\u{0657}x\""]),
        .init(line: 6, fields: ["7", "8", "¥4", "last"]),
      ])
    for cut in 1..<Self.tricky.count {
      #expect(try Self.rows([Self.tricky[..<cut], Self.tricky[cut...]]) == whole, "cut at \(cut)")
    }
    let byteAtATime = Self.tricky.indices.map { Self.tricky[$0...$0] }
    #expect(try Self.rows(byteAtATime) == whole)
  }

  @Test("a quoted field never closed is an error naming the line its quote opened on, once the bytes end")
  func unclosedQuote() throws {
    let bytes = Array("w,h\n1,\"open\n\n".utf8)
    #expect(throws: CSVReader.SyntaxError(line: 2, message: "a quoted field is never closed")) {
      try Self.rows([bytes[...]])
    }
  }

  @Test("a large CSV file is handed over in batches as it is read, not once at its end")
  func fileInBatches() throws {
    let folder = TemporaryDirectory()
    let rows = (1...20_000).map { "\($0),\($0 % 7 + 1),¥\($0),item \($0)" }
    let file = folder.write("big.csv", "w,h,price,title\n" + rows.joined(separator: "\n") + "\n")
    var fractions: [Double] = []
    var count = 0
    try DatasetStream.read(path: file) { chunk in
      fractions.append(chunk.fraction)
      count += chunk.items.count
    }
    #expect(count == 20_000)
    #expect(fractions.count > 2)
    #expect(fractions.first! < 0.1, "the first batch comes from the file's start")
    #expect(fractions == fractions.sorted() && fractions.last == 1)
  }

  @Test("an unclosed quote at a CSV file's end keeps every item before it and says which line")
  func brokenEnd() throws {
    let folder = TemporaryDirectory()
    let file = folder.write("broken.csv", "w,h,price,title\n1,2,¥1,one\n3,4,¥2,two\n5,6,¥3,\"three\n")
    let catalogue = try CatalogueReading.open(path: file, pageSize: 2)
    catalogue.waitUntilComplete()
    #expect(catalogue.itemsRead(limit: 10).map(\.title) == ["one", "two"])
    #expect(catalogue.progress.stoppedBy == "\(file): not valid CSV: line 4: a quoted field is never closed")
  }

  @Test("CSV rows from a pipe arrive before the pipe ends")
  func pipeStreams() {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    let (catalogue, _) = CatalogueReading.open(stream: ends[0], pageSize: 50)
    let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    let header = "w,h,price,title,note" + String(repeating: ",pad", count: 12) + "\n"
    let padding = String(repeating: ",", count: 12)
    try? writer.write(contentsOf: Data((header + "1,1,¥1,early,\"a\r\nb\"\(padding)\n2,1,¥2,la").utf8))
    catalogue.waitUntilStarted()
    #expect(catalogue.itemsRead(limit: 10).map(\.title) == ["early"])
    #expect(!catalogue.progress.isComplete)
    try? writer.write(contentsOf: Data("te,\(padding)".utf8))
    try? writer.close()
    catalogue.waitUntilComplete()
    #expect(catalogue.itemsRead(limit: 10).map(\.title) == ["early", "late"])
    #expect(catalogue.progress.stoppedBy == nil)
  }
}
