import Foundation
import ShopCatalog
import TestSupport
import Testing

@Suite("Validation and bad input")
struct ValidationTests {
  @Test("unusable fields are reported as file: item N: field: what, and the items skipped")
  func unusableFields() throws {
    let folder = TemporaryDirectory()
    let file = folder.write(
      "bad.json",
      """
      [
        {"w": 200, "h": 300, "price": "¥1"},
        {"h": 300, "price": "¥1"},
        {"w": 0, "h": 300, "price": "¥1"},
        {"w": -5, "h": 300, "price": "¥1"},
        {"w": "NaN", "h": 300, "price": "¥1"},
        {"w": "inf", "h": 300, "price": "¥1"},
        {"w": 1e12, "h": 300, "price": "¥1"},
        {"w": "wide", "h": 300, "price": "¥1"},
        {"w": 200, "h": 300, "price": ["¥1"]},
        {"w": 200, "h": 300},
        {"w": true, "h": 300, "price": "¥1"},
        7
      ]
      """)
    let dataset = try DatasetLoader.load(path: file)
    // Item 10 has no price: kept without one, not skipped.
    #expect(dataset.itemCount == 2)
    #expect(dataset.skippedItems == 10)
    let lines = dataset.problems.map(\.description)
    #expect(
      lines == [
        "\(file): item 2: w: missing",
        "\(file): item 3: w: must be between 1 and 100000 pixels, not 0",
        "\(file): item 4: w: must be between 1 and 100000 pixels, not -5",
        "\(file): item 5: w: not a number (NaN)",
        "\(file): item 6: w: infinite",
        "\(file): item 7: w: must be between 1 and 100000 pixels, not 1000000000000",
        "\(file): item 8: w: not a number: \"wide\"",
        "\(file): item 9: price: must be a string or a number, not an array",
        "\(file): item 11: w: must be a number, not a boolean",
        "\(file): item 12: (item): must be a dictionary of fields, not an integer",
      ])
  }

  @Test("w and h follow one rule: pixels between 1 and 100000, tiny and huge alike")
  func sideRule() throws {
    let folder = TemporaryDirectory()
    let file = folder.write(
      "sides.json",
      #"[{"w":1e-9,"h":300,"price":"1"},{"w":200,"h":1e9,"price":"1"},{"w":200,"h":1e-9,"price":"1"},"#
        + #"{"w":1e9,"h":300,"price":"1"},{"w":1,"h":100000,"price":"1"},{"w":100000,"h":1,"price":"1"}]"#)
    let dataset = try DatasetLoader.load(path: file)
    #expect(dataset.itemCount == 2)
    #expect(
      dataset.problems.map(\.description) == [
        "\(file): item 1: w: must be between 1 and 100000 pixels, not 1e-09",
        "\(file): item 2: h: must be between 1 and 100000 pixels, not 1000000000",
        "\(file): item 3: h: must be between 1 and 100000 pixels, not 1e-09",
        "\(file): item 4: w: must be between 1 and 100000 pixels, not 1000000000",
      ])
  }

  @Test("a side given as a huge integer is quoted as the integer it is, never as a float")
  func hugeIntegerSide() throws {
    let folder = TemporaryDirectory()
    let file = folder.write(
      "huge.json", #"[{"w":4611686018427387904,"h":10,"price":"1"},{"w":5,"h":" 9999999999 ","price":"1"}]"#)
    let dataset = try DatasetLoader.load(path: file)
    #expect(
      dataset.problems.map(\.description) == [
        "\(file): item 1: w: must be between 1 and 100000 pixels, not 4611686018427387904",
        "\(file): item 2: h: must be between 1 and 100000 pixels, not 9999999999",
      ])
  }

  // Found by the json fuzz target (Tests/Fuzz/Corpus/json/side-of-twenty-digits.json): the fast scanner of
  // common records multiplied the digits up in Int before it counted them, so a side of 20 digits trapped on
  // overflow and the viewer crashed on the file instead of naming the item.
  @Test("a side of twenty digits or more is a problem with the item, not a crash")
  func sideOfManyDigits() throws {
    let digits = String(repeating: "9", count: 20)
    let dataset = try DatasetLoader.read(
      bytes: Array(
        #"[{"w":\#(digits),"h":10,"price":"1"},{"w":1\#(digits)e2,"h":10,"price":"1"},{"w":5,"h":6,"price":"1"}]"#
          .utf8),
      format: .json, file: "t.json")
    #expect(dataset.items.map(\.width) == [5])
    #expect(dataset.problems.map(\.item) == [1, 2])
    #expect(dataset.problems.allSatisfy { $0.field == "w" && $0.message.hasPrefix("must be between 1 and 100000") })
  }

  @Test("files that cannot be read at all get one clear reason naming the file", arguments: MalformedFile.corpus)
  func malformedCorpus(_ malformed: MalformedFile) throws {
    let folder = TemporaryDirectory()
    let file = folder.write(malformed.name, malformed.bytes())
    do {
      let dataset = try DatasetLoader.load(path: file)
      // Some are readable but every item in them is reported.
      #expect(malformed.expectedProblem != nil, "\(malformed.name) should not have loaded")
      let text = dataset.problems.map(\.description).joined(separator: "\n")
      #expect(text.contains(malformed.expectedProblem ?? "∅"), "\(text.prefix(300))")
      #expect(dataset.problems.allSatisfy { $0.file == file })
    } catch {
      #expect(error.file == file)
      #expect(error.reason.contains(malformed.expectedReason ?? "∅"), "\(error.reason.prefix(300))")
    }
  }

  @Test("missing paths and empty directories are refused with the reason")
  func missingAndEmpty() {
    let folder = TemporaryDirectory()
    #expect(throws: DatasetError(file: folder.path + "/nope.json", reason: "no such file or directory")) {
      try DatasetLoader.load(path: folder.path + "/nope.json")
    }
    #expect(throws: DatasetError.self) { try DatasetLoader.load(path: folder.path) }
  }

  @Test("invalid UTF-8 is replaced, never fatal")
  func invalidUTF8() throws {
    let folder = TemporaryDirectory()
    let bytes = Array("[{\"w\":1,\"h\":1,\"price\":\"¥1\",\"title\":\"ab".utf8) + [0xFF, 0xC3] + Array("cd\"}]".utf8)
    let item = try #require(try DatasetLoader.load(path: folder.write("u.json", bytes)).items.first)
    #expect(item.title == "ab\u{FFFD}\u{FFFD}cd")
    let csv = Array("w,h,price,title\n1,1,2,x".utf8) + [0xFE] + [0x0A]
    #expect(try DatasetLoader.load(path: folder.write("u.csv", csv)).items.first?.title == "x\u{FFFD}")
    let plist =
      Array(
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><array><dict><key>w</key><integer>1</integer><key>h</key><integer>1</integer><key>price</key><string>p"
          .utf8) + [0xFF] + Array("</string></dict></array></plist>".utf8)
    #expect(try DatasetLoader.load(path: folder.write("u.plist", plist)).items.first?.price == "p\u{FFFD}")
  }

  @Test("hostile text is kept in the model exactly as written (the front end neutralises it)")
  func hostileTextKept() throws {
    let folder = TemporaryDirectory()
    let hostile = "\u{1B}]52;c;aGk=\u{07}\u{1B}[2J\u{9B}31m\u{202E}evil\u{200B}\t\n"
    let escaped = hostile.unicodeScalars.map { String(format: "\\u%04X", $0.value) }.joined()
    let file = folder.write("h.json", "[{\"w\":1,\"h\":1,\"price\":\"¥1\",\"title\":\"\(escaped)\"}]")
    #expect(try DatasetLoader.load(path: file).items.first?.title == hostile)
  }

  @Test("reading never modifies the user's files")
  func filesUntouched() throws {
    let folder = TemporaryDirectory()
    let file = folder.write("keep.csv", "w,h,price\n1,2,3\n0,2,3\nragged\n")
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let modified = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
    _ = try DatasetLoader.load(path: file)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == modified)
  }
}

/// One file of the malformed corpus and what the reader must say about it.
struct MalformedFile: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: @Sendable () -> [UInt8]
  /// Part of the reason a refused file gets.
  var expectedReason: String?
  /// Part of a problem line, for files that load but whose items are unusable.
  var expectedProblem: String?

  var testDescription: String { name }

  static let validPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><array><dict><key>w</key><integer>1</integer><key>h</key><integer>2</integer>
    <key>price</key><string>¥1</string></dict></array></plist>
    """

  /// A binary property list of `objects` (each its bytes, references one byte wide), the first the root.
  static func binaryPlist(_ objects: [[UInt8]]) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let tableStart = bytes.count
    bytes += offsets
    func bigEndian(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * (7 - $0))) } }
    return bytes + [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(objects.count) + bigEndian(0) + bigEndian(tableStart)
  }

  static let corpus: [MalformedFile] = [
    MalformedFile(
      name: "truncated.plist", bytes: { Array(validPlist.utf8.prefix(90)) }, expectedReason: "not a valid property list"
    ),
    // Foundation on Linux crashed turning a set into a Swift value (found by the plist fuzz target).
    MalformedFile(
      name: "set.plist",
      bytes: { binaryPlist([[0xA1, 0x01], [0xC1, 0x02], [0x51, UInt8(ascii: "a")]]) },
      expectedReason: "not a dataset: the property list holds a set (object 1)"),
    MalformedFile(
      name: "ordered-set-in-item.plist",
      bytes: { binaryPlist([[0xA1, 0x01], [0xD1, 0x02, 0x03], [0x51, UInt8(ascii: "w")], [0xB0]]) },
      expectedReason: "holds a set (object 3)"),
    MalformedFile(
      name: "dict-root.plist",
      bytes: {
        Array(
          "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>w</key><integer>1</integer></dict></plist>".utf8)
      },
      expectedReason: "not a dataset: the root is a dictionary"),
    MalformedFile(
      name: "object-root.json", bytes: { Array("{\"items\": []}".utf8) },
      expectedReason: "not a dataset: the root is a dictionary"),
    MalformedFile(
      name: "trailing-comma.json", bytes: { Array("[\n  {\"w\": 1, \"h\": 2, \"price\": \"1\"},\n]".utf8) },
      expectedReason: "not valid JSON: line 3, column 1: trailing comma before ]"),
    MalformedFile(
      name: "trailing-comma-object.json", bytes: { Array("[{\"w\": 1,}]".utf8) },
      expectedReason: "line 1, column 10: trailing comma before }"),
    MalformedFile(
      name: "ragged.csv", bytes: { Array("w,h,price\n1,2,3\n4,5\n6,7,8,9\n".utf8) },
      expectedProblem: "item 2: (line 3): has 2 fields, the header has 3"),
    MalformedFile(
      name: "unclosed-quote.csv", bytes: { Array("w,h,price\n1,2,\"3\n".utf8) },
      expectedReason: "not valid CSV: line 2: a quoted field is never closed"),
    MalformedFile(
      name: "binary.json", bytes: { (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37) } },
      expectedReason: "not a dataset: binary data"),
    MalformedFile(name: "empty.json", bytes: { [] }, expectedReason: "empty file"),
    MalformedFile(name: "noise.dat", bytes: { Array("hello world".utf8) }, expectedReason: "unknown format"),
    MalformedFile(
      name: "huge-title.json",
      bytes: {
        Array("[{\"w\": 1, \"h\": 2, \"price\": \"1\", \"title\": \"".utf8) + Array(repeating: 0x61, count: 10_000_000)
          + Array("\", \"h\": \"x\"}]".utf8)
      },
      expectedProblem: "item 1: h: not a number: \"x\""),
    MalformedFile(
      name: "million-character-line.jsonl",
      bytes: {
        Array("{\"w\": 1, \"h\": 1, \"price\": \"".utf8) + Array(repeating: 0x62, count: 1_000_000)
          + Array("\n{\"w\": 0, \"h\": 1, \"price\": \"1\"}\n".utf8)
      },
      expectedProblem: "item 1: (line 1): not valid JSON: column 1000028: unterminated string"),
    MalformedFile(
      name: "deep.json", bytes: { Array(repeating: UInt8(ascii: "["), count: 100_000) },
      expectedReason: "nested deeper than 512 levels"),
  ]
}
