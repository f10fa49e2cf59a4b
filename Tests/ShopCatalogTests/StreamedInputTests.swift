import Foundation
import TestSupport
import Testing

@testable import ShopCatalog

/// A dataset from standard input: told apart by content, read as it arrives, its records kept for `--pick`.
@Suite("A catalogue from a pipe")
struct StreamedInputTests {
  static let array = """
    [
      {"w": 100, "h": 150, "price": "¥10", "title": "first, \\"quoted\\"", "img": "a.jpg"},
      {"w": 100, "h": 120, "price": "¥20", "title": "second ]", "extra": {"k": [1, 2]}},
      {"w": 0, "h": 100, "price": "¥30", "title": "unusable width"},
      {"w": 100, "h": 100, "price": "¥40", "title": "fourth", "n": 1.50}
    ]
    """

  /// Reads `chunks` through a pipe as `waterfall -` does, each written after the reader took the one before.
  static func read(_ chunks: [String]) -> (catalogue: ItemCatalogue, input: StreamedInput) {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    let (catalogue, input) = CatalogueReading.open(stream: ends[0], pageSize: 2)
    let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    for chunk in chunks { try? writer.write(contentsOf: Data(chunk.utf8)) }
    try? writer.close()
    catalogue.waitUntilComplete()
    return (catalogue, input)
  }

  @Test("a JSON array, a JSON Lines stream and a CSV read from a pipe give the items a file gives")
  func formatsByContent() throws {
    let folder = TemporaryDirectory()
    let lines =
      "{\"w\":1,\"h\":2,\"price\":\"¥1\",\"title\":\"a\"}\n\n{\"w\":3,\"h\":4,\"price\":\"¥2\",\"title\":\"b\"}"
    let csv = "w,h,price,title\n1,2,¥1,a\n3,4,¥2,b\n"
    for (text, name) in [(Self.array, "x.json"), (lines, "x.jsonl"), (csv, "x.csv")] {
      let file = folder.write(name, text)
      let fromFile = try CatalogueReading.open(path: file, pageSize: 2)
      fromFile.waitUntilComplete()
      let (piped, input) = Self.read([text])
      let strip = { (items: [ShopItem]) in
        items.map { item in
          var item = item; item.sourceFile = ""; return item
        }
      }
      #expect(strip(piped.itemsRead(limit: .max)) == strip(fromFile.itemsRead(limit: .max)), "\(name)")
      #expect(piped.progress.skippedItems == fromFile.progress.skippedItems)
      #expect(piped.itemsRead(limit: .max).allSatisfy { $0.sourceFile == StreamedInput.name })
      #expect(input.bytes == Array(text.utf8), "the input is kept whole")
      #expect(!piped.progress.isSizeKnown)
    }
  }

  @Test("a JSON array cut anywhere reads the same as whole")
  func cutAnywhere() {
    let bytes = Array(Self.array.utf8)
    func values(_ pieces: [ArraySlice<UInt8>]) -> [DatasetValue] {
      var arrived: [UInt8] = []
      var elements: JSONArrayElements?
      var values: [DatasetValue] = []
      for (number, piece) in pieces.enumerated() {
        arrived += piece
        arrived.withUnsafeBufferPointer { buffer in
          if elements == nil { elements = JSONArrayElements(buffer) }
          elements!.extend(buffer, isComplete: number == pieces.count - 1)
          while let value = try! elements!.next() { values.append(value) }
        }
      }
      #expect(elements!.isFinished)
      return values
    }
    let whole = values([bytes[...]])
    #expect(whole.count == 4)
    for cut in 1..<bytes.count {
      #expect(values([bytes[..<cut], bytes[cut...]]) == whole, "cut at \(cut)")
    }
  }

  @Test("the first items arrive before the pipe ends")
  func streams() {
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    let (catalogue, _) = CatalogueReading.open(stream: ends[0], pageSize: 50)
    let writer = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    try? writer.write(contentsOf: Data("[{\"w\":1,\"h\":1,\"price\":\"1\",\"title\":\"early\"},\n".utf8))
    catalogue.waitUntilStarted()
    #expect(catalogue.itemsRead(limit: 10).map(\.title) == ["early"])
    #expect(!catalogue.progress.isComplete)
    try? writer.write(contentsOf: Data("{\"w\":1,\"h\":1,\"price\":\"2\",\"title\":\"late\"}]".utf8))
    try? writer.close()
    catalogue.waitUntilComplete()
    #expect(catalogue.itemsRead(limit: 10).map(\.title) == ["early", "late"])
    #expect(catalogue.progress.stoppedBy == nil)
  }

  @Test("an empty pipe, text that is no dataset and a broken array say so, naming stdin")
  func badInput() {
    #expect(Self.read([""]).catalogue.progress.stoppedBy == "stdin: empty input")
    #expect(Self.read(["hello\n"]).catalogue.progress.stoppedBy?.hasPrefix("stdin: not a dataset") == true)
    let broken = Self.read(["[{\"w\":1,\"h\":1,\"price\":\"1\"},", " {\"w\": }]"]).catalogue
    #expect(broken.itemsRead(limit: 10).count == 1, "the items before the error are kept")
    #expect(broken.progress.stoppedBy?.hasPrefix("stdin: not valid JSON: line 1, column") == true)
  }

  @Test("a record comes back as one line of JSON: its own text, key order and numbers kept, every field")
  func originalRecords() throws {
    let (catalogue, input) = Self.read([Self.array])
    let items = catalogue.itemsRead(limit: .max)
    #expect(items.map(\.recordNumber) == [1, 2, 4], "the unusable third record still counts")
    let records = OriginalRecords.records(of: [items[2], items[0]]) { $0 == StreamedInput.name ? input.bytes : nil }
    #expect(
      records.map(\.json) == [
        #"{"w":100,"h":100,"price":"¥40","title":"fourth","n":1.50}"#,
        #"{"w":100,"h":150,"price":"¥10","title":"first, \"quoted\"","img":"a.jpg"}"#,
      ])
    #expect(records[1].value(of: "title") == "first, \"quoted\"")
    #expect(records[1].value(of: "image") == "a.jpg", "a field by another of its names")
    #expect(records[0].value(of: "N") == "1.5")
    #expect(records[0].value(of: "shop") == nil)
  }

  @Test("CSV rows, JSON lines and items without a record come back as JSON objects")
  func otherRecords() throws {
    let folder = TemporaryDirectory()
    let csv = folder.write("x.csv", "w,h,price,title,note\n1,2,¥1,a,\"say \"\"hi\"\"\"\nbad row\n3,4,¥2,b,x\n")
    let lines = folder.write(
      "x.jsonl", "{\"w\":1,\"h\":2,\"price\":\"¥1\"}\n\n  {\"w\": 3, \"h\": 4, \"price\": \"¥2\"}  \n")
    var items: [ShopItem] = []
    for file in [csv, lines] {
      let catalogue = try CatalogueReading.open(path: file, pageSize: 10)
      catalogue.waitUntilComplete()
      items += catalogue.itemsRead(limit: .max)
    }
    items.append(ShopItem(width: 2, height: 3, price: "¥5", title: "made\u{1B} in code"))
    let records = OriginalRecords.records(of: items)
    #expect(
      records.map(\.json) == [
        #"{"h":"2","note":"say \"hi\"","price":"¥1","title":"a","w":"1"}"#,
        #"{"h":"4","note":"x","price":"¥2","title":"b","w":"3"}"#,
        #"{"w":1,"h":2,"price":"¥1"}"#,
        #"{"w":3,"h":4,"price":"¥2"}"#,
        #"{"h":3,"price":"¥5","title":"made\u001b in code","w":2}"#,
      ])
  }
}
