import Foundation
import ShopCatalog
import TestSupport
import Testing

@Suite("Reading prices by value across notations")
struct PriceValueTests {
  static let table = PriceNotations.cases

  @Test("every notation in the table", arguments: table.indices)
  func notation(_ row: Int) {
    let (text, expected) = Self.table[row]
    #expect(PriceValue.parse(text) == expected, "\(text)")
  }

  /// Writes `value` (at most two decimals) in one of several shops' notations.
  static func format(_ value: Decimal, notation: Int, fractionDigits: Int) -> String {
    let plain = NSDecimalNumber(decimal: value).stringValue
    let parts = plain.split(separator: ".", omittingEmptySubsequences: false)
    let integer = String(parts[0])
    var fraction = parts.count > 1 ? String(parts[1]) : ""
    while fraction.count < fractionDigits { fraction += "0" }
    func grouped(_ separator: String) -> String {
      var groups: [String] = []
      var rest = Substring(integer)
      while rest.count > 3 {
        groups.insert(String(rest.suffix(3)), at: 0)
        rest = rest.dropLast(3)
      }
      groups.insert(String(rest), at: 0)
      return groups.joined(separator: separator)
    }
    func number(group: String, point: String) -> String {
      fraction.isEmpty ? grouped(group) : grouped(group) + point + fraction
    }
    switch notation {
    case 0: return "¥" + number(group: ",", point: ".")
    case 1: return "€" + number(group: ".", point: ",")
    case 2: return "US$" + number(group: ",", point: ".")
    case 3: return number(group: "", point: ".") + "元"
    case 4: return "CHF " + number(group: "'", point: ".")
    case 5: return number(group: "\u{202F}", point: ",") + " €"
    case 6: return number(group: "", point: ",")
    default:
      // A range: the lower bound is the value.
      let upper = format(value + 100, notation: 0, fractionDigits: fractionDigits)
      return "¥" + number(group: ",", point: ".") + " - " + upper
    }
  }

  @Test("a random amount written in any notation reads back as the same value")
  func roundTrip() {
    var random = SeededGenerator(seed: 12)
    for _ in 0..<5000 {
      let magnitude = [10, 1000, 100_000, 10_000_000_000][Int.random(in: 0..<4, using: &random)]
      let cents = Int.random(in: 0..<(magnitude * 100), using: &random)
      let fractionDigits = Int.random(in: 0...2, using: &random)
      var value = Decimal(cents) / 100
      if fractionDigits < 2 {
        value = Decimal(cents / (fractionDigits == 0 ? 100 : 10)) / (fractionDigits == 0 ? 1 : 10)
      }
      let notation = Int.random(in: 0...7, using: &random)
      let text = Self.format(value, notation: notation, fractionDigits: fractionDigits)
      #expect(PriceValue.parse(text) == value, "\(text) should read as \(value)")
    }
  }

  @Test(
    "every price of the originals' dataset reads",
    .enabled(if: SharedData.isPresent, "../shared/datasets/mogujie-shop is absent: nothing to read"))
  func originalDataset() throws {
    let dataset = try DatasetLoader.load(path: SharedData.mogujieDirectory)
    #expect(dataset.itemCount == 150)
    for item in dataset.items {
      let value = try #require(PriceValue.parse(item.price), "\(item.price)")
      #expect("¥\(value)" == item.price)
    }
  }
}
