import Foundation
import PostgresCatalog
import ShopCatalog
import TestSupport
import Testing

/// Random shop items with what search, sorting and sections care about (accents, widths, CJK, digit runs, price
/// notations, blank shops, an extra field some lack, a backslash and a tab for COPY), written as a dataset and
/// imported into a database of its own.
final class PostgresFixture {
  let folder: String
  let dataset: String
  let address: String
  /// The items as the dataset reader reads them back: the oracle's catalogue.
  let items: [ShopItem]
  let summary: PostgresImport.Summary

  static let words = [
    "Café", "cafe", "ＡＢＣ", "abc", "新品羊毛衫", "羊毛", "dress", "item 2", "item 10", "item 007", "Ünïcode", "silk", "x", "",
    "50%_off", "back\\slash", "tab\there",
  ]
  static let prices = ["¥99", "99.00", "¥1,299", "¥99-199", "1.000", "12,5", "free", "", "¥7", "¥0.5"]
  static let shops = ["Shop A", "Shop B", "  ", "", "店铺"]

  init?(count: Int, seed: UInt64) throws {
    guard let address = try TestServer.freshDatabase() else { return nil }
    self.address = address
    folder = NSTemporaryDirectory() + "waterfall-postgres-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var random = SeededGenerator(seed: seed)
    var lines: [String] = []
    for index in 0..<count {
      var record: [String: Any] = [
        "w": Int.random(in: 1...2000, using: &random), "h": Int.random(in: 1...2000, using: &random),
        "price": Self.prices.randomElement(using: &random)!,
        "title": (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.words.randomElement(using: &random)! }
          .joined(separator: " "),
        "shop": Self.shops.randomElement(using: &random)!,
        "img": "pictures/\(index).jpg",
      ]
      if Bool.random(using: &random) { record["color"] = ["red", "Rot", "蓝色", " "].randomElement(using: &random)! }
      let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
      lines.append(String(decoding: data, as: UTF8.self))
    }
    dataset = folder + "/items.jsonl"
    try lines.joined(separator: "\n").write(toFile: dataset, atomically: true, encoding: .utf8)
    items = try DatasetLoader.load(path: dataset).files.flatMap(\.items)
    summary = try PostgresImport.run(sources: [dataset], address: address, replace: false)
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }
}
