import Foundation
import TestSupport
import Testing

@testable import ShopCatalog

/// A stream (standard input, a pipe) goes through the one dispatch by format a file goes through, so it gets the
/// files' fast JSON path and their messages: the same items, the same problems naming the item and the field, and
/// the same error where the input breaks, however its bytes are cut.
@Suite("A stream read as a file is")
struct StreamFormatDispatchTests {
  /// Records of the common shape (the fast path's), records it leaves to the general way (an escape, a real side,
  /// an extra field, other names), and unusable ones.
  static let records = [
    #"{"w": 100, "h": 150, "price": "¥10", "title": "plain", "img": "a.jpg"}"#,
    #"{"w": 100, "h": 120, "price": "¥20", "title": "with \"escape\""}"#,
    #"{"w": 100, "h": 0, "price": "¥30", "title": "height out of range"}"#,
    #"{"w": 100.5, "h": 100, "price": "¥40", "title": "real side", "sku": "S-4"}"#,
    #"{"width": 80, "height": 60, "title": "no price"}"#,
    #"{"width": 80, "height": 60, "price": 6, "name": "by other names", "image": "p.jpg"}"#,
  ]

  static let array = "[\n  " + records.joined(separator: ",\n  ") + "\n]\n"
  static let lines = records.joined(separator: "\n") + "\n"

  /// The catalogue read from `bytes` through a pipe, written `pieceSize` bytes at a time.
  static func piped(_ bytes: [UInt8], pieceSize: Int) -> ItemCatalogue {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    let (catalogue, _) = CatalogueReading.open(stream: ends[0], pageSize: 2)
    let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    for start in stride(from: 0, to: bytes.count, by: pieceSize) {
      try? writer.write(contentsOf: Data(bytes[start..<min(bytes.count, start + pieceSize)]))
    }
    try? writer.close()
    catalogue.waitUntilComplete()
    return catalogue
  }

  static func fromFile(
    _ text: String, named name: String, in folder: TemporaryDirectory
  ) throws -> (
    catalogue: ItemCatalogue, file: String
  ) {
    let file = folder.write(name, text)
    let catalogue = try CatalogueReading.open(path: file, pageSize: 2)
    catalogue.waitUntilComplete()
    return (catalogue, file)
  }

  static func withoutSource(_ items: [ShopItem]) -> [ShopItem] {
    items.map { item in
      var item = item
      item.sourceFile = ""
      return item
    }
  }

  @Test(
    "a JSON array and JSON Lines from a pipe: the file's items and problems, item and field named",
    arguments: [1, 7, 4096])
  func sameItemsAndProblems(pieceSize: Int) throws {
    let folder = TemporaryDirectory()
    for (text, name) in [(Self.array, "items.json"), (Self.lines, "items.jsonl")] {
      let (file, path) = try Self.fromFile(text, named: name, in: folder)
      let stream = Self.piped(Array(text.utf8), pieceSize: pieceSize)
      let items = Self.withoutSource(stream.itemsRead(limit: .max))
      #expect(items == Self.withoutSource(file.itemsRead(limit: .max)), "\(name)")
      // No price is kept, without one.
      #expect(
        items.map(\.title) == ["plain", "with \"escape\"", "real side", "no price", "by other names"], "\(name)")
      #expect(items[3].price == "")
      #expect(
        stream.readProblems.map(\.description) == ["stdin: item 3: h: must be between 1 and 100000 pixels, not 0"],
        "\(name)")
      #expect(
        stream.readProblems.map(\.description)
          == file.readProblems.map { $0.description.replacingOccurrences(of: path, with: StreamedInput.name) })
    }
  }

  @Test("a JSON array broken mid-stream: the items before it, and the file's error at the same line and column")
  func sameError() throws {
    let folder = TemporaryDirectory()
    let text = "[\n  " + Self.records[0] + ",\n  " + Self.records[1] + ",\n  {\"w\": oops}\n]\n"
    let (file, path) = try Self.fromFile(text, named: "broken.json", in: folder)
    for pieceSize in [1, 5, 4096] {
      let stream = Self.piped(Array(text.utf8), pieceSize: pieceSize)
      #expect(stream.progress.itemsRead == 2)
      let stopped = try #require(stream.progress.stoppedBy)
      #expect(stopped.hasPrefix("stdin: not valid JSON: line 4"), "\(stopped)")
      #expect(stopped == file.progress.stoppedBy?.replacingOccurrences(of: path, with: StreamedInput.name))
    }
  }
}
