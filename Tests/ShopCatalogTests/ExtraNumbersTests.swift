import Foundation
import TestSupport
import Testing

@testable import ShopCatalog

@Suite("A field that was a number stays one when an item is written back")
struct ExtraNumbersTests {
  @Test("read from a file into the column store, then written from its fields: ids and ratings are numbers")
  func numbersSurviveTheColumnStore() throws {
    let folder = TemporaryDirectory()
    let file = folder.write(
      "x.json", #"[{"w":1,"h":2,"price":"¥1","id":7,"rating":4.5,"sku":"0012","big":12345678901234}]"#)
    let catalogue = try CatalogueReading.open(path: file, pageSize: 10)
    catalogue.waitUntilComplete()
    var item = try #require(catalogue.itemsRead(limit: .max).first)
    #expect(item.extraFields.map(\.isNumber) == [true, true, true, false], "big, id, rating; sku is text")
    item.recordNumber = 0  // as a feed's or a database's item: no record to go back to
    let record = try #require(OriginalRecords.records(of: [item]).first)
    #expect(record.json.contains(#""id":7"#), "\(record.json)")
    #expect(record.json.contains(#""rating":4.5"#), "\(record.json)")
    #expect(record.json.contains(#""sku":"0012""#), "text that looks like a number stays text: \(record.json)")
    #expect(record.json.contains(#""big":12345678901234"#), "\(record.json)")
  }

  @Test("a value that was text keeps its quotes, a number its lack of them, through ExtraField alone")
  func datasetValue() {
    #expect(ExtraField(key: "id", value: "7", isNumber: true).datasetValue == .integer(7))
    #expect(ExtraField(key: "r", value: "4.5", isNumber: true).datasetValue == .real(4.5))
    #expect(ExtraField(key: "id", value: "7").datasetValue == .string("7"))
  }
}
