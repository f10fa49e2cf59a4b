import Foundation
import TestSupport
import Testing

@testable import ShopCatalog

/// A dataset file that changes under the reader (issue 30): cut short while read, it is an error naming the file
/// after the items before the cut, never a signal; changed before a pick, its records are not taken from the new
/// contents.
@Suite("A file cut short or changed")
struct FileCutShortTests {
  /// A JSON array of `count` items of the common shape, about 100 bytes each.
  static func catalogue(count: Int) -> String {
    "[\n"
      + (0..<count).map { "{\"w\": 300, \"h\": \(200 + $0 % 50), \"price\": \"¥\($0)\", \"title\": \"Item \($0)\"}" }
      .joined(separator: ",\n") + "\n]\n"
  }

  @Test(
    "cut short under a real read, at the first, third or sixth batch: the items before, then an error naming the file",
    arguments: [1, 3, 6])
  func cutWhileRead(atBatch cutBatch: Int) throws {
    let folder = TemporaryDirectory()
    let count = 100_000
    let file = folder.write("big.json", Self.catalogue(count: count))
    let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
    var batches = 0
    var items = 0
    #expect {
      try DatasetFileReader.read(file: file, format: nil) { batch in
        batches += 1
        items += batch.items.count
        // The reader is inside the file now: cut it to a third, as a writer truncating it would.
        if batches == cutBatch { precondition(truncate(file, off_t(size / 3)) == 0) }
      }
    } throws: { error in
      guard let error = error as? DatasetError else { return false }
      return error.file == file && error.reason.contains("cut short while it was read")
        && error.reason.contains("of its \(size) bytes")
    }
    #expect(items > 0 && items < count / 2, "\(items) items before the cut")
  }

  @Test("`check` and `import` read the same way: the chunks before the cut, then the error, never a signal")
  func streamedReadCut() throws {
    let folder = TemporaryDirectory()
    let file = folder.write("big.json", Self.catalogue(count: 100_000))
    var items = 0
    #expect {
      try DatasetStream.read(path: file) { chunk in
        if items == 0 { precondition(truncate(file, 300_000) == 0) }
        items += chunk.items.count
      }
    } throws: { error in
      (error as? DatasetError)?.file == file && "\(error)".contains("cut short while it was read")
    }
    #expect(items > 0 && items < 10_000, "\(items) items of 100000, the cut at 300 KB")
  }

  @Test("--pick after the file changed (same size, another record first) writes the fields read, and says so")
  func pickAfterChange() throws {
    let folder = TemporaryDirectory()
    let first = #"{"w": 1, "h": 2, "price": "¥1", "title": "Kept", "note": "a"}"#
    let file = folder.write("one.json", "[" + first + "]")
    let catalogue = try CatalogueReading.open(path: file, pageSize: 10)
    catalogue.waitUntilComplete()
    let item = try #require(catalogue.itemsRead(limit: 1).first)
    var changed: [String] = []
    #expect(OriginalRecords.records(of: [item], changed: { changed.append($0) }).map(\.json) == [first.compactJSON])
    #expect(changed.isEmpty)
    // Another file in its place (another inode), of the same length.
    let other = #"[{"w": 1, "h": 2, "price": "¥1", "title": "Swap", "note": "b"}]"#
    let replacement = folder.write("other.json", other)
    try FileManager.default.removeItem(atPath: file)
    try FileManager.default.moveItem(atPath: replacement, toPath: file)
    let records = OriginalRecords.records(of: [item], changed: { changed.append($0) })
    #expect(changed == [file])
    #expect(records.first?.value(of: "title") == "Kept", "\(records)")
    #expect(records.first?.json.contains("Swap") == false)
  }
}

extension String {
  /// This JSON's text with the blanks outside its strings taken out (none of the tests' strings hold blanks
  /// that matter).
  fileprivate var compactJSON: String {
    replacingOccurrences(of: ": ", with: ":").replacingOccurrences(of: ", ", with: ",")
  }
}
