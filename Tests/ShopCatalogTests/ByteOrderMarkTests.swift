import Foundation
import ShopCatalog
import TestSupport
import Testing

@Suite("A UTF-8 byte-order mark (Excel's \"CSV UTF-8\") at the start of a file")
struct ByteOrderMarkTests {
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  static let files: [(name: String, text: String)] = [
    ("items.csv", "w,h,price,title\n200,300,¥1,first\n200,200,¥2,second\n"),
    (
      "items.json", #"[{"w":200,"h":300,"price":"¥1","title":"first"},{"w":200,"h":200,"price":"¥2","title":"second"}]"#
    ),
    (
      "items.jsonl",
      "{\"w\":200,\"h\":300,\"price\":\"¥1\",\"title\":\"first\"}\n{\"w\":200,\"h\":200,\"price\":\"¥2\",\"title\":\"second\"}\n"
    ),
    (
      "items.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array>
      <dict><key>w</key><integer>200</integer><key>h</key><integer>300</integer><key>price</key><string>¥1</string><key>title</key><string>first</string></dict>
      <dict><key>w</key><integer>200</integer><key>h</key><integer>200</integer><key>price</key><string>¥2</string><key>title</key><string>second</string></dict>
      </array></plist>
      """
    ),
  ]

  @Test("is skipped in every format, with or without the file's extension", arguments: files.indices)
  func byteOrderMarkIsSkipped(index: Int) throws {
    let (name, text) = Self.files[index]
    let directory = TemporaryDirectory()
    // CSV is known by its extension only; the others are also recognised by their content.
    for fileName in name.hasSuffix(".csv") ? [name] : [name, "no-extension"] {
      let path = directory.write(fileName, Self.byteOrderMark + Array(text.utf8))
      let dataset = try DatasetLoader.load(path: path)
      #expect(dataset.problems.isEmpty, "\(fileName): \(dataset.problems)")
      #expect(dataset.items.map(\.title) == ["first", "second"], "\(fileName)")
      #expect(dataset.items.first?.width == 200)
    }
  }
}
