import Foundation
import ShopCatalog
import TestSupport
import Testing

@Suite("Reading prices by value across notations")
struct PriceValueTests {
  static let table: [(String, Decimal?)] = [
    // The notations.
    ("¥169", 169), ("¥1,050", 1050), ("US$1,299.99", Decimal(string: "1299.99")),
    ("€1.234,56", Decimal(string: "1234.56")),
    ("88", 88), ("12.5元", Decimal(string: "12.5")),
    // Lone separators: three digits after a short, non-zero group are thousands; anything else is a decimal.
    ("1,050", 1050), ("1.000", 1000), ("12.500", 12500), ("12,5", Decimal(string: "12.5")),
    ("1.5", Decimal(string: "1.5")),
    ("12.50", Decimal(string: "12.5")), ("0.500", Decimal(string: "0.5")), ("0,125", Decimal(string: "0.125")),
    ("1234.567", Decimal(string: "1234.567")), ("1.2345", Decimal(string: "1.2345")),
    // Several separators.
    ("1,234,567", 1_234_567), ("1.234.567", 1_234_567), ("1.234.567,89", Decimal(string: "1234567.89")),
    ("1,234,567.8", Decimal(string: "1234567.8")), ("CHF 1'234.50", Decimal(string: "1234.5")),
    ("1’234’567", 1_234_567), ("1\u{202F}234,56 €", Decimal(string: "1234.56")),
    ("1\u{00A0}234", 1234), ("1\u{2009}234\u{2009}567", 1_234_567), ("₹1,00,000", 100_000),
    ("₹12,34,567.50", Decimal(string: "1234567.5")),
    // 18 digits take the fast path, more the exact slow one.
    ("123456789012345678", Decimal(string: "123456789012345678")),
    ("1234567890123456789.5", Decimal(string: "1234567890123456789.5")),
    ("9,999,999,999,999,999,999.99", Decimal(string: "9999999999999999999.99")),
    // Currency before or after, codes, words, fullwidth.
    ("RMB 99", 99), ("99 CNY", 99), ("Rs.1,299", 1299), ("￥１２８", 128), ("１，２３４．５", Decimal(string: "1234.5")),
    ("售价：¥59起", 59), ("$0.99", Decimal(string: "0.99")), ("0", 0), ("¥ 35", 35), ("12.5.", Decimal(string: "12.5")),
    // Ranges: the lower bound.
    ("¥99-199", 99), ("¥99 - ¥199", 99), ("99~199元", 99), ("¥199–99", 99), ("100至200", 100),
    ("$1,299.99 – $1,499.99", Decimal(string: "1299.99")),
    // Unreadable.
    ("", nil), ("free", nil), ("N/A", nil), ("¥", nil), ("-5", nil), ("¥-5", nil), ("−¥5", nil), (".5", nil),
    ("1,,000", nil), ("1,23,4", nil), ("1,2345,678", nil), ("01,234", Decimal(string: "1.234")), ("1,234.567.8", nil),
    ("1.234,567,8", nil), ("1'234,567.8", nil), ("2 for ¥99", nil), ("¥99 ¥199", nil), ("99-199-299", nil),
    ("1 234", nil), (String(repeating: "9", count: 31), nil), ("¥" + String(repeating: " ", count: 300) + "5", nil),
  ]

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
