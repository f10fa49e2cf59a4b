import Foundation
import Testing

@testable import ShopCatalog

/// The names a field goes by and the JSON escaper, each written once (``ItemFieldNames``, ``JSONString``): every
/// reader takes a name from the one table, every JSON writer escapes with the one escaper.
@Suite("One of each")
struct OneTableTests {
  /// Each field with several names, and a record's text giving it by `name`.
  static let fields: [(names: [String], record: @Sendable (String) -> String)] = [
    (ItemFieldNames.width, { #"{"\#($0)": 40, "h": 30, "price": "1", "title": "t", "img": "a.jpg"}"# }),
    (ItemFieldNames.height, { #"{"w": 40, "\#($0)": 30, "price": "1", "title": "t", "img": "a.jpg"}"# }),
    (ItemFieldNames.picture, { #"{"w": 40, "h": 30, "price": "1", "title": "t", "\#($0)": "a.jpg"}"# }),
    (ItemFieldNames.title, { #"{"w": 40, "h": 30, "price": "1", "\#($0)": "t", "img": "a.jpg"}"# }),
  ]

  /// The items `text` reads as, through the fast path (a plain record) or the general way (`padded`: an escape
  /// in an extra field sends the record there).
  static func items(_ text: String, padded: Bool) throws -> [ShopItem] {
    let record = padded ? text.replacingOccurrences(of: "{", with: #"{"note": "\"x\"", "#) : text
    let dataset = try DatasetLoader.read(bytes: Array("[\(record)]".utf8), format: .json, file: "names.json")
    return dataset.files.flatMap(\.items).map { item in
      var item = item
      item.extraFields.removeAll { $0.key == "note" }
      return item
    }
  }

  @Test("every name of a field reads as its first name, by the fast path and by the general way alike")
  func everyNameReads() throws {
    for (names, record) in Self.fields {
      let expected = try Self.items(record(names[0]), padded: false)
      #expect(expected.count == 1)
      for name in names {
        for padded in [false, true] {
          #expect(try Self.items(record(name), padded: padded) == expected, "\(name) padded: \(padded)")
        }
      }
      #expect(ItemFieldNames.aliases(of: names.last!) == names)
    }
    #expect(ItemFieldNames.aliases(of: "sku") == ["sku"])
  }

  @Test("a record with two names of one field takes the first in the table's order, whatever the record's order")
  func firstNameWins() throws {
    let both = #"{"name": "second", "title": "first", "w": 1, "h": 1, "price": "1"}"#
    #expect(try Self.items(both, padded: false).map(\.title) == ["first"])
    #expect(try Self.items(both, padded: true).map(\.title) == ["first"])
  }

  @Test("the one JSON escaper: quotes, backslashes, control characters and DEL escaped, the rest as UTF-8")
  func escaper() throws {
    #expect(JSONString.quoted("a\"b\\c\nd\re\tf\u{1}\u{1B}\u{7F}é✨") == #""a\"b\\c\nd\re\tf\u0001\u001b\u007fé✨""#)
    let every = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self) + "商品 ✨"
    #expect(try JSONReader.parse(Array(JSONString.quoted(every).utf8)) == .string(every))
    #expect(DatasetValue.dictionary(["k\"": .string("v\u{0}")]).json == #"{"k\"":"v\u0000"}"#)
  }
}
