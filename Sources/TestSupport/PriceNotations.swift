import Foundation

/// Prices as shops write them and the value ``PriceValue`` reads from each (nil: unreadable), shared by the rules'
/// own tests and the stores that apply them elsewhere (a database server's trigger).
public enum PriceNotations {
  public static let cases: [(text: String, value: Decimal?)] = [
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
}
