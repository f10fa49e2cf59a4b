import Foundation

/// Random shop items with what search, sorting and sections care about (accents, widths, CJK, digit runs, price
/// notations, blank shops, an extra field some lack), as JSON lines: the SQL sources' fixtures import the same
/// kind of catalogue.
public enum RandomShopDataset {
  public static let words = [
    "Café", "cafe", "ＡＢＣ", "abc", "新品羊毛衫", "羊毛", "dress", "item 2", "item 10", "item 007", "Ünïcode", "silk", "x", "",
  ]
  static let prices = ["¥99", "99.00", "¥1,299", "¥99-199", "1.000", "12,5", "free", "", "¥7", "¥0.5"]
  static let shops = ["Shop A", "Shop B", "  ", "", "店铺"]

  /// Writes `count` items drawn from `seed` (titles of up to three of `words`) to `path`, one JSON object a line.
  public static func write(count: Int, seed: UInt64, words: [String] = words, to path: String) throws {
    var random = SeededGenerator(seed: seed)
    var lines: [String] = []
    for index in 0..<count {
      var record: [String: Any] = [
        "w": Int.random(in: 1...2000, using: &random), "h": Int.random(in: 1...2000, using: &random),
        "price": prices.randomElement(using: &random)!,
        "title": (0..<Int.random(in: 0...3, using: &random)).map { _ in words.randomElement(using: &random)! }
          .joined(separator: " "),
        "shop": shops.randomElement(using: &random)!,
        "img": "pictures/\(index).jpg",
      ]
      if Bool.random(using: &random) { record["color"] = ["red", "Rot", "蓝色", " "].randomElement(using: &random)! }
      let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
      lines.append(String(decoding: data, as: UTF8.self))
    }
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }
}
