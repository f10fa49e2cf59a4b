import Foundation
import ShopCatalog
import Testing

@testable import PostgresCatalog

/// A row as the import writes it, checked without a server.
@Suite("PostgreSQL row values")
struct PostgresRowValuesTests {
  @Test("a NUL in an extra field's name or value is stored as U+FFFD: jsonb refuses \\u0000 and the whole COPY with it")
  func nulInExtraFields() throws {
    let json = try #require(PostgresRowValues.json(["no\u{0}te": "a\u{0}b", "size": "M"]))
    #expect(!json.contains("\\u0000"), "\(json)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
    #expect(object == ["no\u{FFFD}te": "a\u{FFFD}b", "size": "M"])
    var line: [UInt8] = []
    var folder = ItemKeysFolder()
    let item = ShopItem(
      width: 10, height: 20, price: "¥1", title: "t\u{0}", extraFields: [ExtraField(key: "k", value: "v\u{0}")])
    PostgresRowValues.copyLine(id: 1, item: item, picture: "", folder: &folder, into: &line)
    #expect(!line.contains(0) && !String(decoding: line, as: UTF8.self).contains("\\u0000"))
  }
}
